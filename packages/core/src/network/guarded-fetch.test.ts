import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConnectFunction, fetchGuarded } from './guarded-fetch';
import { pinnedLookup } from './pinned-lookup';
import type { LookupFunction } from './url-guard';

let server: Server | undefined;
afterEach(() => server?.close());

/** A real server on 127.0.0.1 answering by path; every checked address is sent to it. */
async function start(
  routes: Record<
    string,
    (send: (status: number, headers: object, body?: string | Buffer) => void) => void
  >,
): Promise<ConnectFunction> {
  server = createServer((request, response) => {
    const route = routes[request.url ?? ''];
    if (!route) return void response.writeHead(404).end();
    route((status, headers, body) => response.writeHead(status, { ...headers }).end(body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return () => ({ address: '127.0.0.1', port, protocol: 'http:' });
}

const lookup = ((
  hostname: string,
  _options: unknown,
  callback: (error: Error | null, addresses: unknown) => void,
) =>
  callback(null, [
    { address: hostname === 'inside.test' ? '10.0.0.7' : '93.184.216.34', family: 4 },
  ])) as unknown as LookupFunction;

describe('fetchGuarded', () => {
  it('follows a redirect between public hosts and returns the body', async () => {
    const connect = await start({
      '/start': (send) => send(302, { location: 'http://other.test/end' }),
      '/end': (send) => send(200, { 'content-type': 'text/plain' }, 'arrived'),
    });
    const response = await fetchGuarded('http://start.test/start', {
      guard: { lookup },
      userAgent: 'test',
      connect,
    });
    expect(response.finalUrl).toBe('http://other.test/end');
    expect(response.body.toString()).toBe('arrived');
  });

  it('checks every redirect before requesting it', async () => {
    const connect = await start({
      '/start': (send) => send(302, { location: 'http://0x7f.1/admin' }),
      '/private': (send) => send(302, { location: 'http://inside.test/' }),
    });
    const options = { guard: { lookup }, userAgent: 'test', connect };
    await expect(fetchGuarded('http://start.test/start', options)).rejects.toThrowError(
      'The URL http://127.0.0.1/admin is not allowed: 127.0.0.1 is a loopback address.',
    );
    await expect(fetchGuarded('http://start.test/private', options)).rejects.toThrowError(
      'The URL http://inside.test/ is not allowed: inside.test resolves to 10.0.0.7, a private address.',
    );
  });

  it('cuts the body at maxBytes while it streams', async () => {
    const connect = await start({ '/big': (send) => send(200, {}, 'x'.repeat(10_000)) });
    const response = await fetchGuarded('http://start.test/big', {
      guard: { lookup },
      userAgent: 'test',
      connect,
      maxBytes: 100,
      decode: false,
    });
    expect(response.body.length).toBe(100);
    expect(response.truncated).toBe(true);
  });

  it('reports the bytes received as sent (before decoding), with the Content-Length', async () => {
    const page = gzipSync('elf '.repeat(50_000));
    const connect = await start({
      '/page': (send) =>
        send(200, { 'content-encoding': 'gzip', 'content-length': page.length }, page),
    });
    const reports: [number, number | undefined][] = [];
    const response = await fetchGuarded('http://start.test/page', {
      guard: { lookup },
      userAgent: 'test',
      connect,
      onBodyProgress: (received, total) => reports.push([received, total]),
    });
    expect(response.body.toString()).toBe('elf '.repeat(50_000));
    expect(reports.at(-1)).toEqual([page.length, page.length]);
    expect(reports.map(([received]) => received)).toEqual(
      [...reports.map(([received]) => received)].sort((a, b) => a - b),
    );
  });
});

describe('pinnedLookup', () => {
  it('answers every lookup with the checked address, in both callback shapes', async () => {
    const lookup = pinnedLookup({ address: '93.184.216.34', family: 4 });
    const single = await new Promise((resolve) =>
      (lookup as unknown as (h: string, o: object, c: (...a: unknown[]) => void) => void)(
        'rebound.test',
        {},
        (...answer) => resolve(answer),
      ),
    );
    expect(single).toEqual([null, '93.184.216.34', 4]);
    const all = await new Promise((resolve) =>
      (lookup as unknown as (h: string, o: object, c: (...a: unknown[]) => void) => void)(
        'rebound.test',
        { all: true },
        (...answer) => resolve(answer),
      ),
    );
    expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
  });
});
