// Glob and Grep on a generated 50,000-file tree, against bare ripgrep in the same run. Run after
// `pnpm build`: node bench/search-bench.mjs
import { spawnSync } from 'node:child_process';
import { ToolRegistry } from '@tinyelf/core';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { createFileSystemTools } from '@tinyelf/tool-fs';
import { ensureGeneratedTree } from './generated-tree.mjs';

const root = ensureGeneratedTree();
const runs = Number(process.env.BENCH_RUNS ?? 9);
const withRipgrep = new ToolRegistry({
  workspaceRoot: root,
  maxChars: 10_000_000,
  spillDirectory: false,
}).registerAll(createFileSystemTools({ workspaceRoot: root }));
const withJavaScript = new ToolRegistry({
  workspaceRoot: root,
  maxChars: 10_000_000,
  spillDirectory: false,
}).registerAll(createFileSystemTools({ workspaceRoot: root, ripgrep: false }));

async function median(run) {
  await run();
  const times = [];
  for (let index = 0; index < runs; index++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

function bareRipgrep(args) {
  return () => {
    const run = spawnSync('rg', args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 1 << 30,
    });
    if (run.status !== 0 && run.status !== 1) throw new Error(`rg failed: ${run.status}`);
  };
}

function tool(registry, name, params) {
  return async () => {
    const result = await registry.execute('bench', name, params);
    if (result.isError) throw new Error(result.content);
  };
}

const rgFlags = ['--hidden', '--no-require-git'];
const rows = [];
async function compare(label, bare, cases, goals) {
  const baseline = await median(bare);
  rows.push([`bare: ${label}`, baseline, '', '']);
  for (const [name, run] of cases) {
    const time = await median(run);
    const goal = goals[name];
    record({
      measurement: `${name} (50,000-file tree)`,
      value: time,
      unit: 'ms',
      anchor: { label, value: baseline },
      goal: goal && { text: `≤ ${goal}x`, met: time / baseline <= goal },
    });
    rows.push([
      name,
      time,
      `${(time / baseline).toFixed(2)}x`,
      goal ? `${time / baseline <= goal ? 'met' : 'MISSED'} (≤ ${goal}x)` : '',
    ]);
  }
}

await compare(
  'rg --files',
  bareRipgrep(['--files', ...rgFlags, '.']),
  [
    ['Glob **/*.ts, ripgrep path', tool(withRipgrep, 'Glob', { pattern: '**/*.ts' })],
    [
      'Glob **/*.ts, JavaScript path (fast-glob)',
      tool(withJavaScript, 'Glob', { pattern: '**/*.ts' }),
    ],
  ],
  { 'Glob **/*.ts, ripgrep path': 1.25, 'Glob **/*.ts, JavaScript path (fast-glob)': 1.25 },
);
await compare(
  'rg -n needle',
  bareRipgrep(['-n', ...rgFlags, 'needle', '.']),
  [
    ['Grep literal, ripgrep path', tool(withRipgrep, 'Grep', { pattern: 'needle' })],
    ['Grep literal, JavaScript path', tool(withJavaScript, 'Grep', { pattern: 'needle' })],
  ],
  { 'Grep literal, ripgrep path': 1.1, 'Grep literal, JavaScript path': 1.5 },
);
await compare(
  'rg -n "ne+dle;$"',
  bareRipgrep(['-n', ...rgFlags, 'ne+dle;$', '.']),
  [
    ['Grep regex, ripgrep path', tool(withRipgrep, 'Grep', { pattern: 'ne+dle;$' })],
    ['Grep regex, JavaScript path', tool(withJavaScript, 'Grep', { pattern: 'ne+dle;$' })],
  ],
  { 'Grep regex, ripgrep path': 1.1, 'Grep regex, JavaScript path': 2 },
);

const [ripgrepResult, javascriptResult] = await Promise.all([
  withRipgrep.execute('check', 'Grep', { pattern: 'needle', output_mode: 'count' }),
  withJavaScript.execute('check', 'Grep', { pattern: 'needle', output_mode: 'count' }),
]);
console.log(
  `Tree: ${root} (50,000 searched files, 5,000 ignored). Node ${process.version}, median of ${runs} runs.`,
);
console.log(
  `Same results from both Grep paths: ${ripgrepResult.content === javascriptResult.content ? 'yes' : 'NO'} (${ripgrepResult.content.split('\n')[0]})`,
);
console.log('| measurement | median | vs bare rg | goal |');
console.log('|---|---|---|---|');
for (const [name, time, ratio, goal] of rows)
  console.log(`| ${name} | ${time.toFixed(0)} ms | ${ratio} | ${goal} |`);
