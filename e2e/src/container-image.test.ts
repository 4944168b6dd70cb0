// The Containerfile built with podman and run as a user would: the image serves a mounted
// workspace with `tinyelf mcp serve --http`, and an MCP client reads, greps and runs commands in
// it. It runs wherever podman works (as root, with Debian's mirror reachable): about 2 minutes with
// the base image kept from an earlier run, 3.5 with a debootstrapped base (e2e/README.md); it
// skips with the reason elsewhere, and TINYELF_CONTAINER_TEST=0 turns it off.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { writeContainerContext } from '../../scripts/container-context.mjs';
import { root } from '../../scripts/pack-packages.mjs';
import { prepareBaseImage } from './container/base-image';
import { choosePodmanRuntime } from './container/podman-runtime';

/** Debian's mirror, which the image's `apt-get` (and a debootstrapped base) needs. */
const mirror = process.env.TINYELF_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';

function unavailable(): string | undefined {
  if (process.env.TINYELF_CONTAINER_TEST === '0') return 'TINYELF_CONTAINER_TEST=0 turns it off';
  if (process.getuid?.() !== 0) return 'podman builds here as root; run the test as root';
  if (spawnSync('podman', ['--version']).status !== 0)
    return 'podman is not installed (apt-get install podman runc debootstrap)';
  return undefined;
}
const skipReason = unavailable();
if (skipReason) console.warn(`Container image test skipped: ${skipReason}`);

const podman = (args: string[], timeout = 120_000) =>
  execFileSync('podman', args, { encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'] });

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(skipReason)('the container image', () => {
  it('builds from the packed packages and serves a mounted workspace over MCP', async (context) => {
    const reachable = await fetch(`${mirror}/dists/trixie/Release`, {
      method: 'HEAD',
      signal: AbortSignal.timeout(10_000),
    }).then(
      (response) => (response.ok ? undefined : `HTTP ${response.status}`),
      (error: Error) => error.message,
    );
    if (reachable) {
      const reason = `Debian's mirror ${mirror} cannot be reached (${reachable}); the image's apt-get needs it`;
      console.warn(`Container image test skipped: ${reason}`);
      return context.skip(reason);
    }
    const base = prepareBaseImage(mirror);
    if ('skipped' in base) {
      console.warn(`Container image test skipped: ${base.skipped}`);
      return context.skip(base.skipped);
    }
    const runtime = choosePodmanRuntime(base.image);
    if ('skipped' in runtime) {
      console.warn(`Container image test skipped: ${runtime.skipped}`);
      return context.skip(runtime.skipped);
    }
    console.warn(`Base image: ${base.image} (${base.how}); containers run with ${runtime.how}`);
    const run = (...args: string[]) => [...runtime.global, 'run', ...runtime.command, ...args];
    const contextFolder = await writeContainerContext(
      mkdtempSync(join(tmpdir(), 'tinyelf-image-')),
    );
    const image = `localhost/tinyelf-test:${process.pid}`;
    const name = `tinyelf-test-${process.pid}`;
    const workspace = mkdtempSync(join(tmpdir(), 'tinyelf-container-ws-'));
    writeFileSync(join(workspace, 'notes.txt'), 'elves ship on Friday\n');
    chownSync(workspace, 10001, 10001); // the image's user
    chownSync(join(workspace, 'notes.txt'), 10001, 10001);
    try {
      podman(
        ['build', ...runtime.global, ...runtime.command, '--network', 'host'].concat([
          '--build-arg',
          `BASE=${base.image}`,
          '-t',
          image,
          '-f',
          join(root, 'Containerfile'),
          contextFolder,
        ]),
        1_200_000,
      );
      const inImage = (...command: string[]) =>
        podman(run('--rm', '--entrypoint', command[0]!, image, ...command.slice(1))).trim();
      expect(inImage('node', '--version')).toMatch(/^v20\.(19|[2-9]\d)\./);
      expect(inImage('rg', '--version')).toMatch(/^ripgrep \d+/);
      expect(inImage('bwrap', '--version')).toMatch(/^bubblewrap \d+/);
      expect(inImage('id', '-u')).toBe('10001');

      const port = await freePort();
      podman(
        run('-d', '--name', name, '--network', 'host', '-v', `${workspace}:/workspace`).concat([
          '-e',
          'TINYELF_MCP_TOKEN=container-test-token',
          image,
          '--port',
          String(port),
        ]),
      );
      const url = `http://127.0.0.1:${port}/mcp`;
      const logs = () => {
        const said = spawnSync('podman', ['logs', name], { encoding: 'utf8' });
        return `${said.stdout}${said.stderr}`;
      };
      // Listening once /healthz answers anything (401 where the server has no /healthz yet).
      let health: Response | undefined;
      for (let tries = 0; !health; tries++) {
        if (tries > 240) throw new Error(`the server did not start:\n${logs()}`);
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
        if (!health) await sleep(500);
      }
      expect(logs()).toContain(url);
      // /healthz answers without the token where the server has it (tool-mcp's HTTP server).
      const servesHealth = readFileSync(
        join(root, 'packages/tool-mcp/dist/index.js'),
        'utf8',
      ).includes('/healthz');
      if (servesHealth) expect(await health.json()).toMatchObject({ status: 'ok' });
      else expect(health.status).toBe(401);

      const client = new Client({ name: 'container-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: 'Bearer container-test-token' } },
        }),
      );
      const call = async (tool: string, args: Record<string, unknown>) => {
        const result = await client.callTool({ name: tool, arguments: args });
        const parts = result.content as { text: string }[];
        return { text: parts.map((part) => part.text).join(''), isError: result.isError === true };
      };
      try {
        const tools = (await client.listTools()).tools.map((tool) => tool.name);
        expect(tools).toEqual(expect.arrayContaining(['Read', 'Write', 'Grep', 'Glob', 'Bash']));
        expect(await call('Read', { path: 'notes.txt' })).toEqual({
          text: '     1\telves ship on Friday',
          isError: false,
        });
        expect(await call('Grep', { pattern: 'Friday' })).toEqual({
          text: '1 matching line in 1 file:\nnotes.txt:1:elves ship on Friday',
          isError: false,
        });
        const bash = await call('Bash', { command: 'echo "made by $((6 * 7)) elves in $PWD"' });
        expect(bash.text).toContain('made by 42 elves in /workspace');
      } finally {
        await client.close();
      }
      const unauthorized = await fetch(url, { method: 'POST', body: '{}' });
      expect(unauthorized.status).toBe(401);

      podman(['stop', '--time', '10', name]);
      expect(podman(['inspect', '--format', '{{.State.ExitCode}}', name]).trim()).toBe('0');
    } finally {
      spawnSync('podman', ['rm', '--force', name]);
      spawnSync('podman', ['rmi', '--force', image]);
      rmSync(contextFolder, { recursive: true, force: true });
      rmSync(workspace, { recursive: true, force: true });
    }
  }, 2_400_000);
});
