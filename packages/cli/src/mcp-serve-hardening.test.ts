import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { INITIALIZE_BODY, MCP_POST_HEADERS, rawHttp } from '@tinyelf/test-support/raw-http';
import { runProcess } from '@tinyelf/test-support/run-process';
import { describe, expect, it } from 'vitest';
import { bin, cleanups, connect, serve, token, workspace } from './testing/mcp-serve-fixture';

describe('tinyelf mcp serve --http: hardening', () => {
  it('refuses a foreign Host or Origin with 403, over a valid token', async () => {
    const { url } = await serve();
    const headers = { ...MCP_POST_HEADERS, authorization: `Bearer ${token}` };
    expect((await rawHttp(url, { headers, body: INITIALIZE_BODY })).status).toBe(200);
    const foreign: Record<string, string>[] = [
      { host: 'evil.example.com' },
      { origin: 'http://evil.example.com' },
      { origin: 'null' },
    ];
    for (const bad of foreign)
      expect(
        (await rawHttp(url, { headers: { ...headers, ...bad }, body: INITIALIZE_BODY })).status,
      ).toBe(403);
    expect(
      (
        await rawHttp(url, {
          headers: { ...headers, authorization: `bearer ${token}` },
          body: INITIALIZE_BODY,
        })
      ).status,
    ).toBe(200);
    const unauthorized = await rawHttp(url, { headers: MCP_POST_HEADERS, body: INITIALIZE_BODY });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('answers /healthz with ok and its version, and never prints a token it was given', async () => {
    const { url, stderr } = await serve();
    const health = await rawHttp(url.replace(/\/mcp$/, '/healthz'), { method: 'GET' });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(stderr()).toContain('Bearer token: the one in TINYELF_MCP_TOKEN.');
    expect(stderr()).not.toContain(token);
  });

  it("keeps the token out of the tools' environment", async () => {
    const { url } = await serve();
    const client = await connect(url);
    const result = await client.callTool({
      name: 'Bash',
      // Whether the variable is set at all, without printing a value (printing a secret-named
      // variable's value is a risk the classifier asks about).
      arguments: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, not a template
        command: 'test -n "${TINYELF_MCP_TOKEN+set}" && echo token=set || echo token=unset',
      },
    });
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringContaining('token=unset') },
    ]);
  });

  it('says in one line that the port is in use', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as AddressInfo).port;
    const run = await runProcess(
      process.execPath,
      [bin, 'mcp', 'serve', '--http', '--port', String(port), '--dir', workspace()],
      { env: { ...process.env, TINYELF_MCP_TOKEN: token } },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `tinyelf: Port ${port} is already in use (127.0.0.1:${port}); stop what is using it or choose another port.\n`,
    );
  });

  it('serves without a token with --no-auth on loopback, and refuses --no-auth anywhere else', async () => {
    const { url, stderr } = await serve(['--no-auth'], undefined);
    expect(stderr()).toContain('No token: --no-auth serves loopback clients without one.');
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    cleanups.push(() => client.close());
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    for (const host of ['0.0.0.0', '::', 'localhost', '192.168.1.1']) {
      const run = await runProcess(process.execPath, [
        bin,
        'mcp',
        'serve',
        '--http',
        '--no-auth',
        '--host',
        host,
        '--dir',
        workspace(),
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `tinyelf: Serving without a token is allowed on 127.0.0.1 or ::1 only, not on ${host}.\n`,
      );
    }
  });
});
