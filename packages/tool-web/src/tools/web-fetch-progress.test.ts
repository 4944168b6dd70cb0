import { type ToolProgress, ToolRegistry } from '@tinyelf/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type StubServer, startStubServer } from '../testing/stub-server';
import { createWebFetchTool } from './web-fetch';

let server: StubServer;
beforeEach(async () => {
  server = await startStubServer();
});
afterEach(() => server.close());

const page = `<html><head><title>Slow</title></head><body><article><p>${'A slow page. '.repeat(2000)}</p></article></body></html>`;

describe('WebFetch progress', () => {
  it('reports the bytes received while a slow page arrives, ending with the whole length', async () => {
    const body = Buffer.from(page);
    const third = Math.ceil(body.length / 3);
    server.route(`127.0.0.1:${server.port}`, '/slow', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': body.length });
      response.write(body.subarray(0, third));
      setTimeout(() => response.write(body.subarray(third, 2 * third)), 150);
      setTimeout(() => response.end(body.subarray(2 * third)), 300);
    });
    const registry = new ToolRegistry({ spillDirectory: false }).register(
      createWebFetchTool({ allowPrivateNetwork: true }),
    );
    const reports: [string, ToolProgress | undefined][] = [];
    const result = await registry.execute(
      'c',
      'WebFetch',
      { url: `http://127.0.0.1:${server.port}/slow` },
      { context: { onProgress: (message, progress) => reports.push([message, progress]) } },
    );
    expect(result.isError).toBe(false);
    expect(result.content).toContain('A slow page.');
    // One report per chunk the server sent 150 ms apart (the reporter waits 100 ms between reports).
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports[0]![1]!.progress).toBeLessThanOrEqual(third);
    expect(reports.every(([, progress]) => progress?.total === body.length)).toBe(true);
    const values = reports.map(([, progress]) => progress!.progress);
    expect(values).toEqual([...new Set(values)].sort((a, b) => a - b));
    expect(reports.at(-1)).toEqual([
      `Received ${kb(body.length)} of ${kb(body.length)}`,
      { progress: body.length, total: body.length },
    ]);
  });

  it('reports without a total when the server sends no length, at most every 100 ms', async () => {
    server.route(`127.0.0.1:${server.port}`, '/chunked', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      // 50 small chunks at once: one report, not fifty.
      for (let index = 0; index < 50; index++) response.write('x'.repeat(100));
      setTimeout(() => response.end('done'), 150);
    });
    const registry = new ToolRegistry({ spillDirectory: false }).register(
      createWebFetchTool({ allowPrivateNetwork: true }),
    );
    const reports: (ToolProgress | undefined)[] = [];
    await registry.execute(
      'c',
      'WebFetch',
      { url: `http://127.0.0.1:${server.port}/chunked` },
      { context: { onProgress: (_message, progress) => reports.push(progress) } },
    );
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports.length).toBeLessThan(10);
    expect(reports.every((report) => report?.total === undefined)).toBe(true);
    expect(reports.at(-1)?.progress).toBeLessThanOrEqual(5004);
    expect(reports.map((report) => report!.progress)).toEqual(
      [...reports.map((report) => report!.progress)].sort((a, b) => a - b),
    );
  });
});
