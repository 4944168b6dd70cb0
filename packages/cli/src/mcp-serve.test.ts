import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LoggingMessageNotificationSchema,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { descendantProcesses } from '../../../test-support/processes';
import { INITIALIZE_BODY, MCP_POST_HEADERS, rawHttp } from '../../../test-support/raw-http';
import { runProcess } from '../../../test-support/run-process';
import { startTinyelfHttp } from '../../../test-support/tinyelf-http';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const token = 'mcp-serve-test-token';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

beforeAll(() => {
  if (!existsSync(bin)) throw new Error(`Build the CLI first (pnpm build): ${bin} is missing.`);
});

/** A plugin file with a `count_up` tool that reports each step as progress. */
const progressPlugin = `export default {
  name: 'progress-test',
  apiVersion: 1,
  createTools: () => [{
    name: 'count_up',
    description: 'Counts to three, reporting each step.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute(params, context) {
      for (const step of ['one', 'two', 'three']) context?.onProgress?.(step);
      return 'counted';
    },
  }],
};
`;

/** A workspace with files, Bash, skills (one skill, one slash command) and the progress tool. */
function workspace(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-mcp-serve-')));
  writeFileSync(join(root, 'progress-plugin.mjs'), progressPlugin);
  writeFileSync(
    join(root, 'tinyelf.config.json'),
    JSON.stringify({
      plugins: [
        '@tinyelf/tool-fs',
        '@tinyelf/tool-shell',
        '@tinyelf/tool-skills',
        './progress-plugin.mjs',
      ],
      skills: { homeDir: join(root, 'home') },
    }),
  );
  mkdirSync(join(root, '.tinyelf', 'skills', 'release-notes'), { recursive: true });
  writeFileSync(
    join(root, '.tinyelf', 'skills', 'release-notes', 'SKILL.md'),
    '---\nname: release-notes\ndescription: Writes release notes from the changelog.\n---\n\nRead CHANGELOG.md first.\n',
  );
  mkdirSync(join(root, '.tinyelf', 'commands'), { recursive: true });
  writeFileSync(
    join(root, '.tinyelf', 'commands', 'review.md'),
    '---\ndescription: Reviews a file\nargument-hint: FILE\n---\nReview $1 for bugs.\n',
  );
  return root;
}

async function serve(args: string[] = [], withToken: string | undefined = token) {
  const root = workspace();
  const server = await startTinyelfHttp(bin, root, withToken, args);
  cleanups.push(() => server.stop());
  return { ...server, root };
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
    }),
  );
  cleanups.push(() => client.close());
  return client;
}

/** The `sleep` processes running under a process. */
function sleeps(pid: number): number[] {
  return descendantProcesses(pid)
    .filter((process) => /(^|\/)sleep 47\b/.test(process.command))
    .map((process) => process.pid);
}

describe('tinyelf mcp serve --http: protocol', () => {
  it('answers an unknown tool with the protocol error -32602, not a tool result', async () => {
    const { url } = await serve();
    const client = await connect(url);
    await expect(client.callTool({ name: 'Raed', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(
        /^MCP error -32602: Unknown tool "Raed". Available tools: Read,/,
      ),
    });
  });

  it("passes a tool's progress on as notifications/progress, and logs after logging/setLevel", async () => {
    const { url } = await serve();
    const client = await connect(url);
    const progress: Progress[] = [];
    const result = await client.callTool({ name: 'count_up', arguments: {} }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'counted' }]);
    expect(progress).toEqual([
      { progress: 1, message: 'one' },
      { progress: 2, message: 'two' },
      { progress: 3, message: 'three' },
    ]);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification.params);
    });
    await client.callTool({ name: 'count_up', arguments: {} });
    expect(logged).toEqual([]);
    expect(await client.setLoggingLevel('info')).toEqual({});
    await client.callTool({ name: 'count_up', arguments: {} });
    expect(logged).toEqual(
      ['one', 'two', 'three'].map((data) => ({ level: 'info', logger: 'count_up', data })),
    );
    // The level is the client's own: another client still gets no log messages.
    const other = await connect(url);
    const otherLogged: unknown[] = [];
    other.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      otherLogged.push(notification.params);
    });
    await other.callTool({ name: 'count_up', arguments: {} });
    expect(otherLogged).toEqual([]);
  });

  it('offers the skills as resources and the slash commands as prompts', async () => {
    const { url } = await serve();
    const client = await connect(url);
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {} });
    expect((await client.listResources()).resources).toEqual([
      {
        uri: 'skill://release-notes',
        name: 'release-notes',
        title: 'Skill release-notes',
        description: 'Writes release notes from the changelog.',
        mimeType: 'text/markdown',
      },
    ]);
    const read = await client.readResource({ uri: 'skill://release-notes' });
    expect(read.contents[0]).toMatchObject({
      uri: 'skill://release-notes',
      text: expect.stringContaining('Read CHANGELOG.md first.'),
    });
    await expect(client.readResource({ uri: 'skill://nope' })).rejects.toMatchObject({
      code: -32002,
    });
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toMatchObject({
      code: -32002,
    });
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      {
        name: 'review',
        description: 'Reviews a file',
        arguments: [
          { name: 'arguments', description: "The command's arguments: FILE", required: false },
        ],
      },
    ]);
    expect(
      await client.getPrompt({ name: 'review', arguments: { arguments: 'src/main.ts' } }),
    ).toEqual({
      description: 'Reviews a file',
      messages: [{ role: 'user', content: { type: 'text', text: 'Review src/main.ts for bugs.' } }],
    });
  });
});

describe('tinyelf mcp serve --http: stopping calls', () => {
  it('stops a Bash sleep when the client cancels the call', async () => {
    const { url, process: server } = await serve();
    const client = await connect(url);
    const controller = new AbortController();
    const call = client.callTool({ name: 'Bash', arguments: { command: 'sleep 47' } }, undefined, {
      signal: controller.signal,
    });
    await expect.poll(() => sleeps(server.pid!).length, { timeout: 10_000 }).toBe(1);
    controller.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(() => sleeps(server.pid!), { timeout: 10_000 }).toEqual([]);
  });

  it('stops a Bash sleep when the client closes the request', async () => {
    const { url, process: server } = await serve();
    const { request } = await import('node:http');
    const target = new URL(url);
    const call = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${token}` },
    });
    call.on('error', () => undefined);
    call.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'Bash', arguments: { command: 'sleep 47' } },
      }),
    );
    await expect.poll(() => sleeps(server.pid!).length, { timeout: 10_000 }).toBe(1);
    call.destroy();
    await expect.poll(() => sleeps(server.pid!), { timeout: 10_000 }).toEqual([]);
  });

  it('answers a call in flight with an error on SIGTERM, stops its tool and exits 0', async () => {
    const { url, process: server, stop } = await serve();
    const client = await connect(url);
    const call = client.callTool({ name: 'Bash', arguments: { command: 'sleep 47' } });
    await expect.poll(() => sleeps(server.pid!).length, { timeout: 10_000 }).toBe(1);
    const sleepPid = sleeps(server.pid!)[0]!;
    const exited = stop();
    await expect(call).rejects.toThrow('The server is shutting down; the request was stopped.');
    expect(await exited).toBe(0);
    expect(existsSync(`/proc/${sleepPid}/cmdline`)).toBe(false);
  });
});

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
