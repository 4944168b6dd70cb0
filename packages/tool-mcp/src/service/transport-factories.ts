import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { DependencyContainer } from '@tinyelf/core';
import { loadSdk } from './load-sdk';
import type { McpServerConfig } from './mcp-server-config';
import type { TransportFactory } from './server-connection';

/** A factory for a transport kind that is not built in, registered in the DI container. */
export type McpTransportFactory = (config: McpServerConfig) => Transport | Promise<Transport>;

/** The DI token of the factory for a transport kind. */
export function mcpTransportToken(kind: string): string {
  return `tinyelf:McpTransport:${kind}`;
}

/** Registers a factory for a new transport kind; server entries then name it as `transport`. */
export function registerMcpTransport(
  container: DependencyContainer,
  kind: string,
  factory: McpTransportFactory,
): void {
  container.register(mcpTransportToken(kind), { useValue: factory });
}

/**
 * The transport factory for a server entry: stdio (the server's stderr kept for error messages),
 * Streamable HTTP, SSE, or a kind registered in the container with {@link registerMcpTransport}.
 */
export function transportFactoryFor(
  config: McpServerConfig,
  container: DependencyContainer | undefined,
  stderr: { text: string },
): TransportFactory {
  return async () => {
    const sdk = await loadSdk();
    const entry = config as Record<string, unknown>;
    switch (config.transport) {
      case 'stdio': {
        const transport = new sdk.StdioClientTransport({
          command: String(entry.command),
          args: (entry.args as string[] | undefined) ?? [],
          env: {
            ...sdk.getDefaultEnvironment(),
            ...((entry.env as Record<string, string> | undefined) ?? {}),
          },
          cwd: entry.cwd as string | undefined,
          stderr: 'pipe',
        });
        transport.stderr?.on('data', (chunk: Buffer) => {
          stderr.text = (stderr.text + chunk.toString('utf8')).slice(-2000);
        });
        return transport;
      }
      case 'http':
        return new sdk.StreamableHTTPClientTransport(new URL(String(entry.url)), {
          requestInit: { headers: (entry.headers as Record<string, string>) ?? {} },
        });
      case 'sse':
        return new sdk.SSEClientTransport(new URL(String(entry.url)), {
          requestInit: { headers: (entry.headers as Record<string, string>) ?? {} },
        });
      default: {
        const token = mcpTransportToken(config.transport);
        if (!container?.isRegistered(token, true)) {
          throw new Error(
            `no transport "${config.transport}" is known: use stdio, http or sse, or register a factory with registerMcpTransport`,
          );
        }
        return container.resolve<McpTransportFactory>(token)(config);
      }
    }
  };
}
