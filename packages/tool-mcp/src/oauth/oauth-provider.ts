import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpServerOAuthConfig } from '../service/oauth-options';
import type { OAuthTokenStore, StoredOAuthState } from './token-store';

/** Thrown when a server needs the user to authorize and no user is present. */
export class McpAuthorizationRequiredError extends Error {
  /** The error's name, `McpAuthorizationRequiredError`. */
  override readonly name = 'McpAuthorizationRequiredError';
}

/**
 * The SDK's OAuth client provider, backed by a token file: PKCE verifier, client registration
 * (dynamic, or the configured client id) and tokens are kept in the server's file. Interactive
 * (with `redirect`), it sends the user to the authorization page; otherwise it refuses to start an
 * authorization (and to register a client) with {@link McpAuthorizationRequiredError}.
 */
export class FileOAuthClientProvider implements OAuthClientProvider {
  private stored: StoredOAuthState | undefined;
  private readonly expectedState = randomBytes(16).toString('base64url');

  constructor(
    private readonly store: OAuthTokenStore,
    private readonly serverId: string,
    private readonly config: McpServerOAuthConfig = {},
    /** Interactive: the loopback redirect URL and how the user is sent to the authorization page. */
    private readonly redirect?: {
      readonly url: string;
      readonly open: (url: URL, state: string) => void | Promise<void>;
    },
  ) {}

  private async load(): Promise<StoredOAuthState> {
    this.stored ??= await this.store.read();
    return this.stored;
  }

  private async update(change: Partial<StoredOAuthState>): Promise<void> {
    const state = await this.load();
    Object.assign(state, change);
    await this.store.write(state);
  }

  get clientMetadataUrl(): string | undefined {
    return this.config.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.redirect?.url ?? this.stored?.redirectUrl ?? 'http://127.0.0.1/callback';
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'TinyElf',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.config.clientSecret ? 'client_secret_post' : 'none',
      ...(this.config.scope ? { scope: this.config.scope } : {}),
    };
  }

  /** The `state` parameter of the authorization request (checked on the redirect). */
  state = (): string => this.expectedState;

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    if (this.config.clientId) {
      return {
        client_id: this.config.clientId,
        ...(this.config.clientSecret ? { client_secret: this.config.clientSecret } : {}),
      };
    }
    const stored = (await this.load()).clientInformation;
    // A registration made for another redirect URL cannot complete this one: register again.
    if (stored && this.redirect && this.stored?.redirectUrl !== this.redirect.url) return undefined;
    if (!stored && !this.redirect) throw this.authorizationRequired();
    return stored;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    if (this.config.clientId) return;
    await this.update({ clientInformation, redirectUrl: this.redirectUrl });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.load()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const expiresAt = tokens.expires_in ? Date.now() + tokens.expires_in * 1000 : undefined;
    await this.update({ tokens, expiresAt, codeVerifier: undefined });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (!this.redirect) throw this.authorizationRequired();
    await this.redirect.open(authorizationUrl, this.expectedState);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.update({ codeVerifier });
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.load()).codeVerifier;
    if (!verifier) throw new Error('no authorization is in progress (no PKCE code verifier kept)');
    return verifier;
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    if (scope === 'discovery') return;
    const change: Partial<StoredOAuthState> = {};
    if (scope === 'all' || scope === 'tokens') Object.assign(change, { tokens: undefined });
    if (scope === 'all' || scope === 'client')
      Object.assign(change, { clientInformation: undefined });
    if (scope === 'all' || scope === 'verifier') Object.assign(change, { codeVerifier: undefined });
    await this.update(change);
  }

  private authorizationRequired(): McpAuthorizationRequiredError {
    return new McpAuthorizationRequiredError(
      `the MCP server "${this.serverId}" needs authorization: run \`tinyelf mcp login ${this.serverId}\``,
    );
  }
}
