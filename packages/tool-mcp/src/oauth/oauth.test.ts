import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../service/mcp-server-config';
import { McpService } from '../service/mcp-service';
import { type OAuthTestServer, startOAuthTestServer } from '../testing/oauth-server';
import { loginMcpServer, logoutMcpServer } from './login';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A user who approves in the browser: follows the authorization page's redirect to the loopback. */
async function approveInBrowser(url: URL): Promise<void> {
  const page = await fetch(url, { redirect: 'manual' });
  const location = page.headers.get('location');
  if (!location) throw new Error(`no redirect from the authorization page (${page.status})`);
  await (await fetch(location)).text();
}

async function setup(): Promise<{
  server: OAuthTestServer;
  config: McpServerConfig;
  directory: string;
}> {
  const server = await startOAuthTestServer();
  cleanup.push(() => server.close());
  const directory = join(mkdtempSync(join(tmpdir(), 'tinyelf-oauth-')), 'mcp-oauth');
  return { server, config: { id: 'linear', transport: 'http', url: server.url }, directory };
}

async function connected(config: McpServerConfig, directory: string) {
  const service = new McpService([config], { connectTimeoutMs: 10_000, oauth: { directory } });
  cleanup.push(() => service.dispose());
  const [status] = await service.start();
  const registry = new ToolRegistry({ spillDirectory: false });
  service.attach(registry);
  return { status, registry };
}

describe('OAuth against a real authorization server on loopback', () => {
  it('says a server needs authorization when no user is present, without registering a client', async () => {
    const { server, config, directory } = await setup();
    const { status } = await connected(config, directory);
    expect(status).toMatchObject({ state: 'failed' });
    expect(status?.error).toContain('needs authorization');
    expect(status?.error).toContain('tinyelf mcp login linear');
    expect(server.counts.registrations).toBe(0);
  });

  it('logs in (discovery, registration, PKCE), stores the tokens 0600, refreshes an expired token, and asks again after revocation', async () => {
    const { server, config, directory } = await setup();
    server.accessTokenLifetimeMs = 1500;
    const login = await loginMcpServer(config, { directory, openUrl: approveInBrowser });
    expect(login).toEqual({ outcome: 'authorized', file: join(directory, 'linear.json') });
    server.accessTokenLifetimeMs = 3_600_000; // the refreshed token lives long
    expect(server.counts).toMatchObject({ registrations: 1, authorizations: 1, codes: 1 });
    expect(server.challengeMethods).toEqual(['S256']);
    expect(statSync(login.file).mode & 0o777).toBe(0o600);
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(login.file, 'utf8'));
    expect(stored).toMatchObject({ serverUrl: server.url, tokens: { token_type: 'bearer' } });
    expect(stored.codeVerifier).toBeUndefined();

    const { status, registry } = await connected(config, directory);
    expect(status).toMatchObject({ state: 'connected', tools: 1 });
    const first = await registry.execute('c', 'mcp__linear__whoami', {});
    expect(first.content).toBe(`client ${stored.clientInformation.client_id}`);

    await new Promise((resolve) => setTimeout(resolve, 1600));
    const afterExpiry = await registry.execute('c', 'mcp__linear__whoami', {});
    expect(afterExpiry.content).toBe(`client ${stored.clientInformation.client_id}`);
    expect(server.counts.refreshes).toBe(1);
    expect(server.counts.authorizations).toBe(1);

    server.revokeAll();
    const revoked = await registry.execute('c', 'mcp__linear__whoami', {});
    expect(revoked).toMatchObject({ isError: true, errorCode: 'MCP_AUTH_REQUIRED' });
    expect(revoked.content).toContain('tinyelf mcp login linear');

    expect(await logoutMcpServer(config, { directory })).toBe(true);
    expect(await logoutMcpServer(config, { directory })).toBe(false);
  });

  it('authorizes then and there when the host has a user to show the page to, at start and after a revocation', async () => {
    const { server, config, directory } = await setup();
    const opened: string[] = [];
    const service = new McpService([config], {
      connectTimeoutMs: 10_000,
      oauth: {
        directory,
        openUrl: async (url) => {
          opened.push(url.origin + url.pathname);
          await approveInBrowser(url);
        },
      },
    });
    cleanup.push(() => service.dispose());
    expect((await service.start())[0]).toMatchObject({ state: 'connected', tools: 1 });
    expect(opened).toEqual([new URL('/authorize', server.url).href]);

    // Revoked in the middle of the session: the user is asked again and the call goes through.
    const registry = new ToolRegistry({ spillDirectory: false });
    service.attach(registry);
    server.revokeAll();
    const call = await registry.execute('c', 'mcp__linear__whoami', {});
    expect(call).toMatchObject({ isError: false });
    expect(call.content).toMatch(/^client /);
    expect(opened).toHaveLength(2);
    expect(server.counts.authorizations).toBe(2);
  });
});
