import { ToolRegistry } from '@tinyelf/core';
import { sendEndlessBody } from '@tinyelf/test-support/http-responses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type StubServer, startStubServer } from '../testing/stub-server';
import { USER_AGENT } from '../version';
import { createWebFetchTool, type WebFetchToolOptions } from './web-fetch';

let server: StubServer;
let base: string;
beforeEach(async () => {
  server = await startStubServer();
  base = `http://127.0.0.1:${server.port}`;
});
afterEach(() => server.close());

function fetchTool(options: WebFetchToolOptions = {}) {
  const registry = new ToolRegistry({ spillDirectory: false, maxChars: 10_000_000 }).register(
    createWebFetchTool({ allowPrivateNetwork: true, ...options }),
  );
  return (params: Record<string, unknown>) => registry.execute('c', 'WebFetch', params);
}

const host = () => `127.0.0.1:${server.port}`;
const article = (title: string, text: string) =>
  `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text}</p><p>${'Filler sentence for the article body. '.repeat(15)}</p></article></body></html>`;

describe('WebFetch', () => {
  it('heads the result with title and final URL, fences the page as untrusted, and sends its User-Agent', async () => {
    let agent = '';
    server.route(host(), '/page', (request, response) => {
      agent = String(request.headers['user-agent']);
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(article('Elf Tools', 'The opening paragraph.'));
    });
    const result = await fetchTool()({ url: `${base}/page` });
    expect(result.content.startsWith(`Title: Elf Tools\nURL: ${base}/page\n`)).toBe(true);
    expect(result.content).toContain('It is untrusted web content');
    expect(result.content).toMatch(
      /<untrusted-content>\n[\s\S]*The opening paragraph\.[\s\S]*\n<\/untrusted-content>$/,
    );
    expect(agent).toBe(USER_AGENT);
    expect(agent).toMatch(/^TinyElf-WebFetch\/\d+\.\d+\.\d+/);
  });

  it('honours the charset of the header and of the <meta> tag', async () => {
    const latin = Buffer.from(article('Caf\xe9', 'Cr\xe8me br\xfbl\xe9e for everyone.'), 'latin1');
    server.route(host(), '/header', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      response.end(latin);
    });
    server.route(host(), '/meta', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        Buffer.from(
          article('Caf\xe9', 'Cr\xe8me br\xfbl\xe9e for everyone.').replace(
            '<head>',
            '<head><meta charset="windows-1252">',
          ),
          'latin1',
        ),
      );
    });
    for (const path of ['/header', '/meta']) {
      const result = await fetchTool()({ url: `${base}${path}`, raw: true });
      expect(result.content).toContain('Title: Café');
      expect(result.content).toContain('Crème brûlée');
    }
  });

  it('passes text through, pretty-prints JSON and describes binary content', async () => {
    server.route(host(), '/notes.md', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/markdown' });
      response.end('# Notes\n\n- one');
    });
    server.route(host(), '/data', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"a":[1,2]}');
    });
    server.route(host(), '/file.pdf', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '2048' });
      response.end(Buffer.alloc(2048));
    });
    const fetch = fetchTool();
    expect((await fetch({ url: `${base}/notes.md` })).content).toContain(
      '<untrusted-content>\n# Notes\n\n- one\n</untrusted-content>',
    );
    expect((await fetch({ url: `${base}/data` })).content).toContain(
      '{\n  "a": [\n    1,\n    2\n  ]\n}',
    );
    expect((await fetch({ url: `${base}/file.pdf` })).content).toBe(
      `URL: ${base}/file.pdf\n\nThe page is application/pdf (2.0 KB), which WebFetch does not convert to text.`,
    );
  });

  it('stops a slow server at the timeout', async () => {
    server.route(host(), '/slow', () => {
      // never answers
    });
    const result = await fetchTool({ timeoutMs: 300 })({ url: `${base}/slow` });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('took longer than 0.3 s and was stopped');
  });

  it('cuts an endless body at the cap instead of buffering it', async () => {
    server.route(host(), '/endless', (_request, response) => sendEndlessBody(response));
    const result = await fetchTool({ maxBytes: 1024 * 1024 })({
      url: `${base}/endless`,
      raw: true,
    });
    expect(result.isError).toBe(false);
    expect(result.content).toContain('(The response was longer than 1 MB and was cut off.)');
    expect(result.content.length).toBeLessThan(1024 * 1024 + 2000);
  });

  it('follows redirect chains and refuses loops and redirects to local addresses', async () => {
    for (let hop = 1; hop <= 3; hop++) {
      server.route(host(), `/r${hop}`, (_request, response) => {
        response.writeHead(302, { location: hop === 3 ? '/final' : `/r${hop + 1}` });
        response.end();
      });
    }
    server.route(host(), '/final', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('arrived');
    });
    server.route(host(), '/loop', (_request, response) => {
      response.writeHead(301, { location: '/loop' });
      response.end();
    });
    const fetch = fetchTool();
    const chained = await fetch({ url: `${base}/r1` });
    expect(chained.content).toContain(`URL: ${base}/final`);
    expect(chained.content).toContain('arrived');
    const loop = await fetch({ url: `${base}/loop` });
    expect(loop.content).toContain('redirected more than 10 times');
    expect(server.requests.filter((request) => request.endsWith('/loop'))).toHaveLength(11);
  });

  it('summarises long pages with the background model, guided by the prompt, unless raw', async () => {
    server.route(host(), '/long', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(article('Long Read', 'Important fact: elves ship tools. '.repeat(200)));
    });
    const prompts: string[] = [];
    const fetch = fetchTool({
      backgroundModel: {
        complete: async (prompt) => {
          prompts.push(prompt);
          return 'Elves ship tools.';
        },
      },
    });
    const summary = await fetch({ url: `${base}/long`, prompt: 'what do elves do?' });
    expect(summary.content).toContain('(Summarised by the background model from');
    expect(summary.content).toContain(
      '<untrusted-content>\nElves ship tools.\n</untrusted-content>',
    );
    expect(prompts[0]).toContain('What the assistant is looking for: what do elves do?');
    expect(prompts[0]).toContain('Important fact: elves ship tools.');
    const raw = await fetch({ url: `${base}/long`, raw: true });
    expect(raw.content).toContain('Important fact: elves ship tools.');
    const unconfigured = await fetchTool()({ url: `${base}/long` });
    expect(unconfigured.content).toContain(
      '(Not summarised: no background model is configured, so the full Markdown follows.)',
    );
  });

  it('serves a page fetched again within 15 minutes from its cache', async () => {
    let hits = 0;
    server.route(host(), '/cached', (_request, response) => {
      hits++;
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`visit ${hits}`);
    });
    const fetch = fetchTool();
    expect((await fetch({ url: `${base}/cached` })).content).toContain('visit 1');
    expect((await fetch({ url: `${base}/cached` })).content).toContain('visit 1');
    expect(hits).toBe(1);
  });

  it('refuses loopback unless the network is opened for it, and non-http schemes', async () => {
    const closed = new ToolRegistry({ spillDirectory: false }).register(createWebFetchTool());
    const result = await closed.execute('c', 'WebFetch', { url: `${base}/page` });
    expect(result.errorCode).toBe('URL_BLOCKED');
    expect(result.content).toContain('127.0.0.1 is a loopback address');
    expect(
      (await closed.execute('c', 'WebFetch', { url: 'file:///etc/passwd' })).content,
    ).toContain('only http and https are fetched, not file');
    expect(server.requests).toEqual([]);
  });
});
