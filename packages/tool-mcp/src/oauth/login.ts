import { TinyElfError } from '@tinyelf/core';
import { loadSdk } from '../service/load-sdk';
import type { McpServerConfig } from '../service/mcp-server-config';
import type { McpOAuthOptions, McpServerOAuthConfig } from '../service/oauth-options';
import { remoteTransport } from '../service/transport-factories';
import { type LoopbackRedirect, startLoopbackRedirect } from './loopback-redirect';
import { FileOAuthClientProvider } from './oauth-provider';
import { openInBrowser } from './open-browser';
import { defaultOAuthDirectory, OAuthTokenStore } from './token-store';

/** What {@link loginMcpServer} did. */
export interface McpLoginResult {
  /** `authorized`: tokens were obtained and stored; `not-needed`: the server let the client in without. */
  readonly outcome: 'authorized' | 'not-needed';
  /** The token file. */
  readonly file: string;
}

function remoteEntry(config: McpServerConfig): { url: string; oauth: McpServerOAuthConfig } {
  const entry = config as { url?: unknown; oauth?: unknown };
  if ((config.transport !== 'http' && config.transport !== 'sse') || typeof entry.url !== 'string')
    throw new TinyElfError({
      code: 'MCP_AUTH_FAILED',
      message: `The MCP server "${config.id}" is not an http or sse server; only those use OAuth.`,
    });
  if (entry.oauth === false)
    throw new TinyElfError({
      code: 'MCP_AUTH_FAILED',
      message: `The MCP server "${config.id}" has OAuth turned off (oauth: false).`,
    });
  return { url: entry.url, oauth: (entry.oauth ?? {}) as McpServerOAuthConfig };
}

async function listen(port: number | undefined): Promise<LoopbackRedirect> {
  try {
    return await startLoopbackRedirect(port);
  } catch (error) {
    if (port === undefined) throw error;
    return startLoopbackRedirect(0);
  }
}

/**
 * Authorizes the client with an http or sse server per the MCP authorization spec: discovery
 * (protected-resource and authorization-server metadata), dynamic client registration (or the
 * entry's client id), authorization code with PKCE through a redirect to a loopback server on
 * 127.0.0.1, shown with `openUrl` (default: the browser, and the URL printed to stderr); the
 * tokens go to the server's token file (`0600`). Earlier tokens are discarded first.
 */
export async function loginMcpServer(
  config: McpServerConfig,
  options: McpOAuthOptions = {},
): Promise<McpLoginResult> {
  const { url, oauth } = remoteEntry(config);
  const store = new OAuthTokenStore(options.directory ?? defaultOAuthDirectory(), config.id, url);
  const stored = await store.read();
  const storedPort = stored.redirectUrl ? Number(new URL(stored.redirectUrl).port) : undefined;
  const redirect = await listen(oauth.redirectPort ?? storedPort);
  const open = options.openUrl ?? openInBrowser;
  const provider = new FileOAuthClientProvider(store, config.id, oauth, {
    url: redirect.url,
    open: (authorizationUrl) => open(authorizationUrl),
  });
  const sdk = await loadSdk();
  const client = new sdk.Client({ name: 'tinyelf', version: '0.1.0' }, { capabilities: {} });
  try {
    await provider.invalidateCredentials('tokens');
    const transport = remoteTransport(sdk, config, provider);
    try {
      await client.connect(transport);
      // Some servers authorize per request, not at initialisation: listing the tools asks too.
      await client.listTools();
      return { outcome: 'not-needed', file: store.path };
    } catch (error) {
      if (!(error instanceof sdk.UnauthorizedError)) throw error;
      const code = await redirect.code(provider.state(), options.timeoutMs ?? 300_000);
      await (transport as unknown as { finishAuth(code: string): Promise<void> }).finishAuth(code);
      return { outcome: 'authorized', file: store.path };
    }
  } catch (error) {
    if (error instanceof TinyElfError) throw error;
    throw new TinyElfError({
      code: 'MCP_AUTH_FAILED',
      message: `Authorizing with the MCP server "${config.id}" failed: ${(error as Error).message}`,
      cause: error,
    });
  } finally {
    await client.close().catch(() => undefined);
    await redirect.close();
  }
}

/** Deletes a server's stored tokens and client registration; resolves to whether there were any. */
export async function logoutMcpServer(
  config: McpServerConfig,
  options: Pick<McpOAuthOptions, 'directory'> = {},
): Promise<boolean> {
  const { url } = remoteEntry(config);
  return new OAuthTokenStore(options.directory ?? defaultOAuthDirectory(), config.id, url).delete();
}
