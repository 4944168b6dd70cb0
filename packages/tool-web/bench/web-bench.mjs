// WebFetch on 100 KB, 1 MB and 5 MB pages from a loopback server, with each DOM, against the plain
// recipe (fetch + new JSDOM + Readability + Turndown) in the same run; each measurement in a fresh
// process, so its peak memory is its own. Also the import cost of the package. Run after
// `pnpm build`: node bench/web-bench.mjs
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { coldScriptMs } from '@tinyelf/test-support/bench/cold-start.mjs';

function page(targetBytes) {
  const head = `<html><head><title>Benchmark article</title><style>${'.c{color:red}'.repeat(200)}</style><script>${'var x=1;'.repeat(400)}</script></head><body><nav>${'<a href="/n">nav</a>'.repeat(50)}</nav><article><h1>Benchmark article</h1>`;
  const section = (index) =>
    `<h2>Section ${index}</h2><p>Paragraph ${index} with <a href="/link/${index}">a relative link</a> and plenty of ordinary words to read through for the scoring. ${'Elves build tools for agents every day. '.repeat(12)}</p>` +
    `<table><tr><th>Key</th><th>Value</th></tr><tr><td>k${index}</td><td>${index}</td></tr></table><pre><code>const value${index} = ${index};\n</code></pre>` +
    `<svg width="10" height="10"><path d="${'M0 0 L10 10 '.repeat(20)}"/></svg><script>track(${index})</script>`;
  let html = head;
  for (let index = 0; html.length < targetBytes; index++) html += section(index);
  return `${html}</article><footer>footer</footer></body></html>`;
}

const sizes = { '100 KB': 100 * 1024, '1 MB': 1024 * 1024, '5 MB': 5 * 1024 * 1024 };
const pages = Object.fromEntries(Object.entries(sizes).map(([name, bytes]) => [name, page(bytes)]));
pages.warm = page(2000);
const server = createServer((request, response) => {
  const name = decodeURIComponent(request.url.slice(1));
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(pages[name]);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

const viaTool = (dom) => `
  import { createWebFetchTool } from '@tinyelf/tool-web';
  const tool = createWebFetchTool({ allowPrivateNetwork: true, dom: '${dom}', maxBytes: 6 * 1024 * 1024, ...(process.env.MAX_HTML ? { maxHtmlChars: Number(process.env.MAX_HTML) } : {}) });
  // Load the lazily imported DOM, Readability and Turndown first, as the plain recipe imports them before its timer.
  await tool.execute({ url: new URL('/warm', process.env.URL).href, raw: true });
  const started = performance.now();
  const text = await tool.execute({ url: process.env.URL, raw: true });
  const fenced = text.slice(text.indexOf('<untrusted-content>\\n') + 20, text.lastIndexOf('\\n</untrusted-content>'));
  // The article itself, without the By:/Description: lines WebFetch puts before it.
  const markdown = fenced.replace(/^(?:By: .*\\n|Description: .*\\n)+\\n/, '');
  console.log(JSON.stringify({ ms: performance.now() - started, rss: process.resourceUsage().maxRSS / 1024, markdown }));`;
const plainRecipe = `
  import { JSDOM } from 'jsdom';
  import { Readability } from '@mozilla/readability';
  import TurndownService from 'turndown';
  import { gfm } from 'turndown-plugin-gfm';
  const started = performance.now();
  const html = await (await fetch(process.env.URL)).text();
  const article = new Readability(new JSDOM(html, { url: process.env.URL }).window.document).parse();
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  service.use(gfm);
  const markdown = service.turndown(article.content).replace(/\\n{3,}/g, '\\n\\n').trim();
  console.log(JSON.stringify({ ms: performance.now() - started, rss: process.resourceUsage().maxRSS / 1024, markdown }));`;

/** Runs a script in a fresh process (asynchronously: the page server lives in this one). */
async function run(script, url, extraEnv = {}) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: process.cwd(),
    env: { ...process.env, URL: url, ...extraEnv },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const status = await new Promise((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(stderr);
  const result = JSON.parse(stdout);
  return {
    ...result,
    hash: createHash('sha256').update(result.markdown).digest('hex').slice(0, 12),
  };
}

console.log(
  `Node ${process.version}, ${new Date().toISOString()}; each figure one fresh process (median of 3 for 100 KB and 1 MB).`,
);
console.log('| page | recipe | time | peak RSS | Markdown | vs plain jsdom |');
console.log('|---|---|---|---|---|---|');
for (const name of Object.keys(sizes)) {
  const repeats = name === '5 MB' ? 1 : 3;
  const measure = async (script, extraEnv) => {
    const runs = [];
    for (let index = 0; index < repeats; index++)
      runs.push(await run(script, `${base}${encodeURIComponent(name)}`, extraEnv));
    runs.sort((a, b) => a.ms - b.ms);
    return runs[Math.floor(runs.length / 2)];
  };
  const plain = await measure(plainRecipe);
  const jsdom = await measure(viaTool('jsdom'));
  const linkedom = await measure(viaTool('linkedom'));
  const rows = [
    ['plain: new JSDOM + Readability + Turndown', plain],
    ['WebFetch, dom: jsdom', jsdom],
    ['WebFetch, dom: linkedom (default)', linkedom],
  ];
  if (name === '5 MB')
    rows.push([
      'WebFetch, dom: linkedom, HTML cap raised to 6 M characters',
      await measure(viaTool('linkedom'), { MAX_HTML: String(6e6) }),
    ]);
  for (const [label, result] of rows) {
    const same =
      result.hash === plain.hash
        ? 'same as plain'
        : result.hash === linkedom.hash
          ? 'same as linkedom'
          : `differs (${result.hash})`;
    if (!label.startsWith('plain'))
      record({
        measurement: `${name} page: ${label}`,
        value: result.ms,
        unit: 'ms',
        anchor: { label: 'plain new JSDOM + Readability + Turndown', value: plain.ms },
        goal: label.endsWith('(default)')
          ? {
              text: `at least 3x faster than plain jsdom, same Markdown${name === '5 MB' ? '; under 5 s and 1 GB' : ''}`,
              met:
                plain.ms / result.ms >= 3 &&
                result.hash === plain.hash &&
                (name !== '5 MB' || (result.ms < 5000 && result.rss < 1024)),
            }
          : undefined,
        note: `peak ${result.rss.toFixed(0)} MB; Markdown ${same}`,
      });
    console.log(
      `| ${name} | ${label} | ${result.ms.toFixed(0)} ms | ${result.rss.toFixed(0)} MB | ${label.startsWith('plain') ? result.hash : same} | ${(plain.ms / result.ms).toFixed(1)}x faster |`,
    );
  }
}
server.close();

const median = (script) => coldScriptMs(script);
const coreOnly = median(
  "const { ToolRegistry } = await import('@tinyelf/core'); new ToolRegistry();",
);
const withWeb = median(
  "const { ToolRegistry } = await import('@tinyelf/core'); const web = await import('@tinyelf/tool-web'); new ToolRegistry().register(web.createWebFetchTool());",
);
record({
  measurement: 'cold: core + import @tinyelf/tool-web + createWebFetchTool',
  value: withWeb,
  unit: 'ms',
  anchor: { label: 'cold: core alone', value: coreOnly },
  goal: { text: '< 20 ms more than core alone', met: withWeb - coreOnly < 20 },
});
console.log(
  `\n| building a registry | time (median of 15 processes) |\n|---|---|\n| core alone | ${coreOnly.toFixed(1)} ms |\n| core + import @tinyelf/tool-web + createWebFetchTool | ${withWeb.toFixed(1)} ms (+${(withWeb - coreOnly).toFixed(1)} ms; goal < 20 ms: ${withWeb - coreOnly < 20 ? 'met' : 'MISSED'}) |`,
);
