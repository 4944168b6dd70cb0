import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { DependencyContainer } from '@tinyelf/core';
import type { InteractiveAuthorization } from '../oauth/interactive-authorization';
import { FileOAuthClientProvider } from '../oauth/oauth-provider';
import { defaultOAuthDirectory, OAuthTokenStore } from '../oauth/token-store';
import { loadSdk, type McpSdk } from './load-sdk';
import type { McpServerConfig } from './mcp-server-config';
import type { McpOAuthOptions, McpServerOAuthConfig } from './oauth-options';
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
  oauth: McpOAuthOptions = {},
  interactive?: InteractiveAuthorization,
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
      case 'sse': {
        const store = oauthStoreFor(config, oauth);
        if (!store || !interactive)
          return remoteTransport(sdk, config, oauthProviderFor(config, oauth));
        const provider = await interactive.providerFor(store);
        const transport = remoteTransport(sdk, config, provider);
        interactive.bind(transport, provider);
        return transport;
      }
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

/**
 * The OAuth provider of an http or sse entry, reading and writing its token file (non-interactive:
 * it never starts an authorization itself); none when the entry sets `oauth: false` or sends its
 * own `authorization` header.
 */
export function oauthProviderFor(
  config: McpServerConfig,
  oauth: McpOAuthOptions = {},
): FileOAuthClientProvider | undefined {
  const store = oauthStoreFor(config, oauth);
  const entry = config as { oauth?: unknown };
  return (
    store &&
    new FileOAuthClientProvider(store, config.id, (entry.oauth ?? {}) as McpServerOAuthConfig)
  );
}

/** The token file of an http or sse entry that uses OAuth (none with `oauth: false` or an `authorization` header). */
export function oauthStoreFor(
  config: McpServerConfig,
  oauth: McpOAuthOptions = {},
): OAuthTokenStore | undefined {
  const entry = config as { url?: unknown; headers?: Record<string, string>; oauth?: unknown };
  if (entry.oauth === false) return undefined;
  if (Object.keys(entry.headers ?? {}).some((name) => name.toLowerCase() === 'authorization'))
    return undefined;
  return new OAuthTokenStore(
    oauth.directory ?? defaultOAuthDirectory(),
    config.id,
    String(entry.url),
  );
}

/** A Streamable HTTP or SSE transport for an entry, with its headers and OAuth provider. */
export function remoteTransport(
  sdk: McpSdk,
  config: McpServerConfig,
  authProvider: OAuthClientProvider | undefined,
): Transport {
  const entry = config as { url?: unknown; headers?: Record<string, string> };
  const options = { requestInit: { headers: entry.headers ?? {} }, authProvider };
  return config.transport === 'sse'
    ? new sdk.SSEClientTransport(new URL(String(entry.url)), options)
    : new sdk.StreamableHTTPClientTransport(new URL(String(entry.url)), options);
}
