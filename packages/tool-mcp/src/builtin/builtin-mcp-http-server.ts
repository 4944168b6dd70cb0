import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolBuildContext } from '@tinyelf/core';
import type { McpProvider, McpProviderRegistry } from './mcp-provider-registry';

/** Where a bridge serves each builtin server, and the token clients must send. */
export interface BuiltinMcpEndpoints {
  readonly token: string;
  readonly servers: readonly { readonly id: string; readonly url: string }[];
}

/**
 * Serves the eligible builtin MCP servers over Streamable HTTP on 127.0.0.1 (a port the system
 * chooses), one path per server (`/mcp/<id>`), for a separate process such as the CLI. Every
 * request must carry `Authorization: Bearer <token>`; others get 401. Stateless: each request gets
 * a fresh server instance and transport.
 */
export class BuiltinMcpHttpServer {
  private server: Server | undefined;
  private readonly token = randomBytes(24).toString('hex');

  constructor(
    private readonly providers: McpProviderRegistry,
    private readonly context: ToolBuildContext,
  ) {}

  /** Starts listening and returns each server's URL and the token. */
  async start(): Promise<BuiltinMcpEndpoints> {
    const eligible = new Map(
      (await this.providers.eligible(this.context)).map((provider) => [provider.id, provider]),
    );
    const { StreamableHTTPServerTransport } = await import(
      '@modelcontextprotocol/sdk/server/streamableHttp.js'
    );
    this.server = createServer((request, response) => {
      void this.handle(request, response, eligible, StreamableHTTPServerTransport);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const port = (this.server.address() as AddressInfo).port;
    return {
      token: this.token,
      servers: [...eligible.keys()].map((id) => ({
        id,
        url: `http://127.0.0.1:${port}/mcp/${id}`,
      })),
    };
  }

  private async handle(
    request: IncomingMessage,
    response: ServerResponse,
    eligible: Map<string, McpProvider>,
    Transport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport,
  ): Promise<void> {
    const fail = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
    };
    if (!this.authorized(request.headers.authorization))
      return fail(401, 'A bearer token is required.');
    const provider = eligible.get(/^\/mcp\/([^/?]+)/.exec(request.url ?? '')?.[1] ?? '');
    if (!provider) return fail(404, 'No such MCP server.');
    if (request.method !== 'POST') return fail(405, 'This stateless server answers POST only.');
    let body: unknown;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return fail(400, 'The request body is not JSON.');
    }
    const server = await provider.createServer(this.context);
    const transport = new Transport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  }

  private authorized(header: string | undefined): boolean {
    const expected = Buffer.from(`Bearer ${this.token}`);
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Stops listening and closes open connections. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
