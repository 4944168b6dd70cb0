import type { ToolBuildContext } from '@tinyelf/core';
import {
  type StatelessMcpHttpServer,
  startStatelessMcpHttpServer,
} from '../http/stateless-mcp-http-server';
import type { McpProviderRegistry } from './mcp-provider-registry';

/** Where a bridge serves each builtin server, and the token clients must send. */
export interface BuiltinMcpEndpoints {
  /** The bearer token every request must carry. */
  readonly token: string;
  /** The servers served, each with its URL (`<origin>/mcp/<id>`). */
  readonly servers: readonly {
    /** The provider's id. */
    readonly id: string;
    /** Where its MCP endpoint is. */
    readonly url: string;
  }[];
}

/**
 * Serves the eligible builtin MCP servers over Streamable HTTP on 127.0.0.1 (a port the system
 * chooses), one path per server (`/mcp/<id>`), for a separate process such as the CLI. Every
 * request must carry `Authorization: Bearer <token>`; others get 401. Stateless: each request gets
 * a fresh server instance and transport.
 */
export class BuiltinMcpHttpServer {
  private server: StatelessMcpHttpServer | undefined;

  constructor(
    private readonly providers: McpProviderRegistry,
    private readonly context: ToolBuildContext,
  ) {}

  /** Starts listening and returns each server's URL and the token. */
  async start(): Promise<BuiltinMcpEndpoints> {
    const eligible = new Map(
      (await this.providers.eligible(this.context)).map((provider) => [provider.id, provider]),
    );
    this.server = await startStatelessMcpHttpServer({
      serverFor: (path) => {
        const provider = eligible.get(/^\/mcp\/([^/]+)$/.exec(path)?.[1] ?? '');
        return provider ? () => provider.createServer(this.context) : undefined;
      },
    });
    const { origin, token } = this.server;
    return {
      token: token ?? '',
      servers: [...eligible.keys()].map((id) => ({ id, url: `${origin}/mcp/${id}` })),
    };
  }

  /** Stops listening and closes open connections. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }
}
