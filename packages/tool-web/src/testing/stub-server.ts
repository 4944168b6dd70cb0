import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectFunction } from '@tinyelf/core';

/** A route of the stub server: answers requests for one host and path. */
export type StubHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 that answers by `Host` header and path, and records requests. */
export interface StubServer {
  readonly port: number;
  readonly requests: string[];
  route(host: string, path: string, handler: StubHandler): void;
  /** A connect function that sends every checked address to this server. */
  readonly connect: ConnectFunction;
  close(): Promise<void>;
}

/** Starts a stub server. */
export async function startStubServer(): Promise<StubServer> {
  const routes = new Map<string, StubHandler>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const host = String(request.headers.host ?? '').toLowerCase();
    requests.push(`${host}${request.url}`);
    const handler = routes.get(`${host}${request.url}`) ?? routes.get(`*${request.url}`);
    if (handler) handler(request, response);
    else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    route: (host, path, handler) => routes.set(`${host.toLowerCase()}${path}`, handler),
    connect: () => ({ address: '127.0.0.1', port, protocol: 'http:' }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A lookup that answers from a table (`name -> addresses`) and fails for other names. */
export function tableLookup(table: Record<string, string[]>) {
  return ((
    hostname: string,
    _options: unknown,
    callback: (
      error: NodeJS.ErrnoException | null,
      addresses: { address: string; family: number }[],
    ) => void,
  ) => {
    const addresses = table[hostname.toLowerCase()];
    if (!addresses) {
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        [],
      );
      return;
    }
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as unknown as typeof import('node:dns').lookup;
}
