import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runProcess } from '@tinyelf/test-support/run-process';
import { startScriptedModel } from '@tinyelf/test-support/scripted-model-server';
import { startTinyelfHttp } from '@tinyelf/test-support/tinyelf-http';
import { zipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

beforeAll(() => {
  if (!existsSync(bin)) throw new Error(`Build the CLI first (pnpm build): ${bin} is missing.`);
});

function workspace(
  config: Record<string, unknown> = { plugins: ['@tinyelf/tool-fs', '@tinyelf/tool-shell'] },
): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-cli-')));
  writeFileSync(join(root, 'tinyelf.config.json'), JSON.stringify(config));
  writeFileSync(join(root, 'notes.txt'), 'elves ship on Friday\n');
  return root;
}

function tinyelf(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs tinyelf as a real process without blocking this one (the test's own servers must answer). */
function tinyelfAsync(args: string[], env: Record<string, string> = {}) {
  return runProcess(process.execPath, [bin, ...args], { env: { ...process.env, ...env } });
}

describe('tinyelf tools and call', () => {
  it('lists the composed registry step by step, as JSON too', () => {
    const root = workspace();
    const listed = tinyelf(['tools', '--dir', root]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^FileSystem\s+Read\s+safe\s+fileSystem$/m);
    expect(listed.stdout).toMatch(/^Shell\s+Bash\s+asks\s+shell$/m);
    const json = JSON.parse(
      tinyelf(['tools', '--json', '--dir', root, '--mode', 'plan']).stdout,
    ) as { tools: { tool: string }[] };
    expect(json.tools.map((row) => row.tool)).toEqual(['Read', 'ListDir', 'Glob', 'Grep']);
  });

  it('runs one call, exits 1 on an error result, and needs --yes without a terminal', () => {
    const root = workspace();
    expect(tinyelf(['call', 'Read', 'path=notes.txt', '--dir', root])).toMatchObject({
      code: 0,
      stdout: '     1\telves ship on Friday\n',
    });
    const outside = tinyelf(['call', 'Read', '{"path":"/etc/passwd"}', '--dir', root]);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('is outside the workspace');
    const unconfirmed = tinyelf(['call', 'Write', 'path=new.txt', 'content=hi', '--dir', root]);
    expect(unconfirmed).toMatchObject({
      code: 2,
      stderr:
        'Write {"path":"new.txt","content":"hi"} needs confirmation (Write asks before it runs in default mode.); run it with --yes, or from a terminal.\n',
    });
    expect(existsSync(join(root, 'new.txt'))).toBe(false);
    expect(
      tinyelf(['call', 'Write', 'path=new.txt', 'content=hi', '--yes', '--dir', root]).code,
    ).toBe(0);
    expect(readFileSync(join(root, 'new.txt'), 'utf8')).toBe('hi');
    expect(tinyelf(['call', 'Nope', '--dir', root]).stderr).toContain('Tool "Nope" not found.');
    expect(tinyelf(['call', 'Read', '{bad', '--dir', root])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^tinyelf: The arguments are not valid JSON/),
    });
  });
});

describe('tinyelf mcp serve', () => {
  async function exercise(client: Client, root: string) {
    const { tools } = await client.listTools();
    const read = tools.find((tool) => tool.name === 'Read');
    expect(read?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools.find((tool) => tool.name === 'Bash')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(
      (await client.callTool({ name: 'Read', arguments: { path: 'notes.txt' } })).content,
    ).toEqual([{ type: 'text', text: '     1\telves ship on Friday' }]);
    expect(
      (await client.callTool({ name: 'Grep', arguments: { pattern: 'Friday' } })).content,
    ).toEqual([
      { type: 'text', text: '1 matching line in 1 file:\nnotes.txt:1:elves ship on Friday' },
    ]);
    const denied = await client.callTool({ name: 'Bash', arguments: { command: 'rm -rf /' } });
    expect(denied.isError).toBe(true);
    expect(JSON.stringify(denied.content)).toContain(
      'was refused and not run. It is never run: rm -r /',
    );
    expect(existsSync(root)).toBe(true);
  }

  it('serves the registry over stdio to the SDK client', async () => {
    const root = workspace();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', 'serve', '--dir', root],
        stderr: 'ignore',
      }),
    );
    cleanups.push(() => client.close());
    await exercise(client, root);
  });

  it('serves over Streamable HTTP with a bearer token, and stops cleanly', async () => {
    const root = workspace();
    const { url, stop } = await startTinyelfHttp(bin, root, 'secret-token-1234');
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: 'Bearer secret-token-1234' } },
      }),
    );
    await exercise(client, root);
    await client.close();
    const stranger = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(stranger.status).toBe(401);
    expect(await stop()).toBe(0);
  });
});

describe('tinyelf run', () => {
  it('runs the agent loop with a model from the environment', async () => {
    const root = workspace();
    const model = await startScriptedModel([
      { toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] },
      { content: 'They ship on Friday.' },
    ]);
    cleanups.push(model.close);
    const { code, stdout, stderr } = await tinyelfAsync(
      ['run', 'When do the elves ship?', '--dir', root],
      {
        OPENAI_BASE_URL: model.baseUrl,
        TINYELF_MODEL: 'test',
        OPENAI_API_KEY: 'k',
      },
    );
    expect(code).toBe(0);
    expect(stdout).toBe('They ship on Friday.\n');
    expect(stderr).toContain('> Read {"path":"notes.txt"}');
  });
});

describe('tinyelf skills', () => {
  it('searches and installs from SkillHub with progress, and lists the installed skill', async () => {
    const archive = Buffer.from(
      zipSync({
        'greeter/SKILL.md': Buffer.from(
          '---\nname: greeter\ndescription: Greets people\n---\nGreet.',
        ),
      }),
    );
    const server = createServer((request, response) => {
      if (request.url === '/index.json') {
        response.end(
          JSON.stringify({
            skills: [
              {
                id: 'greeter',
                name: 'greeter',
                description: 'Greets people',
                version: '1.0.0',
                archive: 'greeter.zip',
                sha256: createHash('sha256').update(archive).digest('hex'),
                size: archive.length,
              },
            ],
          }),
        );
      } else response.end(archive);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const root = workspace({
      skills: {
        registryUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.json`,
        installTo: 'workspace',
        // A registry on this machine, as on an intranet: SkillHub requests are public-only by default.
        allowPrivateNetwork: true,
      },
    });
    const runAsync = (args: string[]) => tinyelfAsync([...args, '--dir', root]);
    expect((await runAsync(['skills', 'search', 'greets'])).stdout).toBe(
      'greeter 1.0.0: Greets people\n',
    );
    const installed = await runAsync(['skills', 'install', 'greeter']);
    expect(installed.stdout).toBe(
      `Installed greeter 1.0.0 in ${join(root, '.tinyelf', 'skills', 'greeter')}.\n`,
    );
    expect(installed.stderr).toContain('Downloading: 100%');
    expect((await runAsync(['skills', 'list'])).stdout).toBe(
      'greeter (workspace): Greets people\n',
    );
  });
});
