// `tinyelf mcp login` / `logout` against a real OAuth authorization server on loopback: the URL is
// printed (no browser here), a user approves, the tokens land in the token folder and later
// commands use them; after logout a call says to log in again.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthTestServer } from '../../packages/tool-mcp/src/testing/oauth-server';
import { makeWorkspace, tinyelfBin } from './support/workspace';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

describe('tinyelf mcp login and logout', () => {
  it('authorizes through the printed URL, stores the tokens, and logout removes them', async () => {
    const server = await startOAuthTestServer();
    cleanup.push(() => server.close());
    const root = makeWorkspace({}, 'tinyelf-e2e-oauth-');
    writeFileSync(
      join(root, 'tinyelf.config.json'),
      JSON.stringify({
        plugins: ['@tinyelf/tool-mcp'],
        mcp: { servers: [{ id: 'linear', transport: 'http', url: server.url }] },
      }),
    );
    const tokens = join(mkdtempSync(join(tmpdir(), 'tinyelf-e2e-tokens-')), 'mcp-oauth');
    const env = { ...process.env, TINYELF_MCP_OAUTH_DIR: tokens, DISPLAY: '', WAYLAND_DISPLAY: '' };

    const login = spawn(process.execPath, [tinyelfBin, 'mcp', 'login', 'linear', '--dir', root], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    login.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    const page = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      login.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk;
        const url = /https?:\/\/\S+\/authorize\S*/.exec(stderr)?.[0];
        if (url) resolve(url);
      });
      login.once('exit', () => reject(new Error(`login exited early: ${stderr}`)));
    });
    const approval = await fetch(page, { redirect: 'manual' });
    await (await fetch(approval.headers.get('location')!)).text();
    const code = await new Promise<number | null>((resolve) => login.once('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain(
      `Authorized with the MCP server "linear"; the tokens are in ${tokens}/linear.json`,
    );
    expect(statSync(join(tokens, 'linear.json')).mode & 0o777).toBe(0o600);

    // Not spawnSync: this process's authorization server must keep answering.
    const tinyelf = (...args: string[]) =>
      new Promise<{ stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [tinyelfBin, ...args, '--dir', root],
          { env, encoding: 'utf8' },
          (_error, stdout, stderr) => resolve({ stdout, stderr }),
        );
      });
    const call = await tinyelf('call', 'mcp__linear__whoami', '--yes');
    expect(call.stdout).toMatch(/^client \S+/m);

    expect((await tinyelf('mcp', 'logout', 'linear')).stdout).toContain(
      'Removed the stored tokens of the MCP server "linear".',
    );
    const after = await tinyelf('call', 'mcp__linear__whoami', '--yes');
    expect(after.stderr + after.stdout).toContain('tinyelf mcp login linear');
    expect((await tinyelf('mcp', 'login', 'nowhere')).stderr).toContain(
      'No MCP server "nowhere" in the configuration\'s mcp.servers (there are: linear)',
    );
  });
});
