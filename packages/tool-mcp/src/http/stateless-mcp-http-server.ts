import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An SDK server (`Server` or `McpServer`) as far as serving it needs. */
export interface ConnectableMcpServer {
  /** Serves one request's transport. */
  connect(
    transport: import('@modelcontextprotocol/sdk/shared/transport.js').Transport,
  ): Promise<void>;
  /** Ends the server once the request is answered. */
  close(): Promise<void>;
}

/** Options of {@link startStatelessMcpHttpServer}. */
export interface StatelessMcpHttpServerOptions {
  /** The server for a request path (`/mcp`, `/mcp/<id>`), a new one per request; undefined for 404. */
  readonly serverFor: (
    path: string,
  ) => (() => ConnectableMcpServer | Promise<ConnectableMcpServer>) | undefined;
  /** @default a random token */
  readonly token?: string;
  /** @default a port the system chooses */
  readonly port?: number;
}

/** A running server: its base URL, its token, and how to stop it. */
export interface StatelessMcpHttpServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The bearer token requests must carry. */
  readonly token: string;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1, statelessly (each POST gets a fresh server and
 * transport), behind a bearer token: requests without it get 401, unknown paths 404, other methods
 * 405. Used by the builtin MCP bridge and by `tinyelf mcp serve --http`.
 */
export async function startStatelessMcpHttpServer(
  options: StatelessMcpHttpServerOptions,
): Promise<StatelessMcpHttpServer> {
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );
  const token = options.token ?? randomBytes(24).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const fail = (response: ServerResponse, status: number, message: string) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return fail(response, 401, 'A bearer token is required.');
    const create = options.serverFor(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (!create) return fail(response, 404, 'No such MCP server.');
    if (request.method !== 'POST')
      return fail(response, 405, 'This stateless server answers POST only.');
    let body: unknown;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return fail(response, 400, 'The request body is not JSON.');
    }
    const server = await create();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };
  const http: Server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) fail(response, 500, error.message);
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    token,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
