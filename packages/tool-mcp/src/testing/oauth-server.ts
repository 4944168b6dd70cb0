import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type {
  OAuthClientInformationFull,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** The parts of express's request and response the server uses (express's types are not a dependency here). */
type Request = IncomingMessage & {
  readonly path: string;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  readonly auth?: AuthInfo;
};
type Response = ServerResponse & { redirect(url: string): void };

interface Grant {
  readonly clientId: string;
  readonly expiresAt: number;
  readonly kind: 'access' | 'refresh';
}

/** What the test authorization server saw and can do. */
export interface OAuthTestServer {
  /** The protected MCP endpoint. */
  readonly url: string;
  /** Requests it answered: dynamic registrations, authorization requests (with PKCE), token grants. */
  readonly counts: {
    registrations: number;
    authorizations: number;
    codes: number;
    refreshes: number;
  };
  /** The PKCE challenge methods of the authorization requests. */
  readonly challengeMethods: string[];
  /** Access tokens live this long (ms); shorten it to make a token expire. */
  accessTokenLifetimeMs: number;
  /** Revokes every token issued (access and refresh). */
  revokeAll(): void;
  /** Stops it. */
  close(): Promise<void>;
}

/**
 * A real OAuth 2.1 authorization server and protected MCP server on 127.0.0.1, built from the SDK's
 * server-side auth (`mcpAuthRouter`, `requireBearerAuth`): protected-resource and
 * authorization-server metadata, dynamic client registration, authorization code with PKCE (the
 * user approves at once), refresh tokens, revocation; its MCP endpoint has a `whoami` tool.
 */
export async function startOAuthTestServer(): Promise<OAuthTestServer> {
  const clients = new Map<string, OAuthClientInformationFull>();
  const codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  const grants = new Map<string, Grant>();
  const challengeMethods: string[] = [];
  const counts = { registrations: 0, authorizations: 0, codes: 0, refreshes: 0 };
  const state = { accessTokenLifetimeMs: 3_600_000 };
  const issue = (clientId: string): OAuthTokens => {
    const access = randomUUID();
    const refresh = randomUUID();
    grants.set(access, {
      clientId,
      kind: 'access',
      expiresAt: Date.now() + state.accessTokenLifetimeMs,
    });
    grants.set(refresh, { clientId, kind: 'refresh', expiresAt: Date.now() + 86_400_000 });
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: Math.max(1, Math.round(state.accessTokenLifetimeMs / 1000)),
      refresh_token: refresh,
    };
  };
  const provider: OAuthServerProvider = {
    clientsStore: {
      getClient: async (id) => clients.get(id),
      registerClient: async (client) => {
        counts.registrations++;
        const full = client as OAuthClientInformationFull;
        clients.set(full.client_id, full);
        return full;
      },
    },
    async authorize(client, params, res: Response) {
      counts.authorizations++;
      const code = randomUUID();
      codes.set(code, { clientId: client.client_id, params });
      const target = new URL(params.redirectUri);
      target.searchParams.set('code', code);
      if (params.state) target.searchParams.set('state', params.state);
      res.redirect(target.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      const entry = codes.get(code);
      if (!entry) throw new Error('unknown authorization code');
      return entry.params.codeChallenge;
    },
    async exchangeAuthorizationCode(client, code) {
      const entry = codes.get(code);
      if (!entry || entry.clientId !== client.client_id) throw new Error('invalid code');
      codes.delete(code);
      counts.codes++;
      return issue(client.client_id);
    },
    async exchangeRefreshToken(client, refreshToken) {
      const grant = grants.get(refreshToken);
      const { InvalidGrantError } = await import('@modelcontextprotocol/sdk/server/auth/errors.js');
      if (grant?.kind !== 'refresh' || grant.clientId !== client.client_id)
        throw new InvalidGrantError('the refresh token is not valid');
      grants.delete(refreshToken);
      counts.refreshes++;
      return issue(client.client_id);
    },
    async verifyAccessToken(token): Promise<AuthInfo> {
      const grant = grants.get(token);
      const { InvalidTokenError } = await import('@modelcontextprotocol/sdk/server/auth/errors.js');
      if (grant?.kind !== 'access' || grant.expiresAt < Date.now())
        throw new InvalidTokenError('the access token is expired or revoked');
      return {
        token,
        clientId: grant.clientId,
        scopes: [],
        expiresAt: Math.floor(grant.expiresAt / 1000),
      };
    },
  };
  const app = createMcpExpressApp();
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = new URL('/mcp', origin);
  app.use((request: Request, _response: Response, next: () => void) => {
    if (request.method === 'GET' && request.path === '/authorize')
      challengeMethods.push(String(request.query.code_challenge_method));
    next();
  });
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl: mcpUrl }));
  app.post(
    '/mcp',
    requireBearerAuth({
      verifier: provider,
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
    }),
    async (request: Request, response: Response) => {
      const mcp = new McpServer({ name: 'protected', version: '1.0.0' });
      mcp.registerTool('whoami', { description: 'Says which client called.' }, async () => ({
        content: [{ type: 'text', text: `client ${request.auth?.clientId}` }],
      }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => void transport.close());
      await mcp.connect(transport);
      await transport.handleRequest(request, response, request.body);
    },
  );
  return {
    url: mcpUrl.href,
    counts,
    challengeMethods,
    get accessTokenLifetimeMs() {
      return state.accessTokenLifetimeMs;
    },
    set accessTokenLifetimeMs(value: number) {
      state.accessTokenLifetimeMs = value;
    },
    revokeAll: () => grants.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
