import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpOAuthOptions, McpServerOAuthConfig } from '../service/oauth-options';
import { type LoopbackRedirect, startLoopbackRedirect } from './loopback-redirect';
import { FileOAuthClientProvider } from './oauth-provider';
import type { OAuthTokenStore } from './token-store';

/**
 * Authorization with a user present, for one server while a service runs: a loopback redirect
 * (started on first use) that the SDK's flow sends the user back to, whenever the server asks (at
 * connect, after a revoked token, for more scopes in the middle of a session).
 */
export class InteractiveAuthorization {
  private redirect: Promise<LoopbackRedirect> | undefined;
  private readonly providers = new WeakMap<Transport, FileOAuthClientProvider>();

  constructor(
    private readonly serverId: string,
    private readonly config: McpServerOAuthConfig,
    private readonly options: McpOAuthOptions & {
      readonly openUrl: NonNullable<McpOAuthOptions['openUrl']>;
    },
  ) {}

  /** A provider that sends the user to the authorization page (opened with `openUrl`). */
  async providerFor(store: OAuthTokenStore): Promise<FileOAuthClientProvider> {
    const stored = await store.read();
    const port =
      this.config.redirectPort ??
      (stored.redirectUrl ? Number(new URL(stored.redirectUrl).port) : 0);
    this.redirect ??= startLoopbackRedirect(port).catch(() => startLoopbackRedirect(0));
    const redirect = await this.redirect;
    return new FileOAuthClientProvider(store, this.serverId, this.config, {
      url: redirect.url,
      open: (url) => this.options.openUrl(url),
    });
  }

  /** Remembers which provider a transport uses. */
  bind(transport: Transport, provider: FileOAuthClientProvider): void {
    this.providers.set(transport, provider);
  }

  /**
   * After the SDK sent the user to authorize over this transport: waits for the redirect and
   * exchanges its code for tokens (stored in the token file).
   */
  async complete(transport: Transport | undefined): Promise<void> {
    const provider = transport && this.providers.get(transport);
    if (!provider || !this.redirect) throw new Error('no authorization was started');
    const code = await (await this.redirect).code(
      provider.state(),
      this.options.timeoutMs ?? 300_000,
    );
    await (transport as unknown as { finishAuth(code: string): Promise<void> }).finishAuth(code);
  }

  /** Stops the loopback redirect. */
  async close(): Promise<void> {
    const redirect = this.redirect;
    this.redirect = undefined;
    await (await redirect?.catch(() => undefined))?.close();
  }
}
