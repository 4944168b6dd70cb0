// Faults through one composed registry: an MCP server killed mid-call; a web server that stalls,
// resets the connection, or sends an endless body; a shell command whose children ignore TERM; a
// full disk during Write and Edit. Each gives a clear error result, the next call works, nothing
// is left running and no file is left half-written.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuiltRegistry, buildToolRegistry } from '@tinyelf/builder';
import { sendEndlessBody } from '@tinyelf/test-support/http-responses';
import { descendantProcesses, eventually } from '@tinyelf/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackSite } from './support/loopback-site';
import { everythingStdio, makeWorkspace } from './support/workspace';

let built: BuiltRegistry;
let root: string;
let site: Awaited<ReturnType<typeof startLoopbackSite>>;
let calls = 0;
const call = (tool: string, args: Record<string, unknown>) =>
  // The operator approves every call that asks: these tests are about faults, not permissions.
  built.registry.execute(`fault-${++calls}`, tool, args, { confirm: () => true });

beforeAll(async () => {
  site = await startLoopbackSite((request, response) => {
    const socket = request.socket;
    switch (request.url) {
      case '/stall':
        // Headers and a first chunk, then nothing more.
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('the first part of a page that never ends');
        return;
      case '/reset':
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100000' });
        response.write('a page cut short by a ');
        setTimeout(() => socket.resetAndDestroy(), 50);
        return;
      case '/endless':
        sendEndlessBody(response);
        return;
      default:
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('a healthy page');
    }
  });
  root = makeWorkspace({}, 'tinyelf-e2e-faults-');
  built = await buildToolRegistry({
    config: {
      workspaceRoot: root,
      plugins: [
        '@tinyelf/tool-fs',
        '@tinyelf/tool-shell',
        '@tinyelf/tool-web',
        '@tinyelf/tool-mcp',
      ],
      webFetch: { allowPrivateNetwork: true, timeoutMs: 1500, maxBytes: 1024 * 1024 },
      mcp: { servers: [everythingStdio] },
    },
  });
});
afterAll(async () => {
  await built?.dispose();
  await site?.close();
});

describe('faults, each followed by a call that works', () => {
  it('an MCP server killed in the middle of a call', async () => {
    const server = descendantProcesses().find((child) =>
      child.command.includes('server-everything'),
    );
    expect(server).toBeDefined();
    const during = call('mcp__everything__trigger-long-running-operation', {
      duration: 20,
      steps: 5,
    });
    setTimeout(() => process.kill(server!.pid, 'SIGKILL'), 300);
    const lost = await during;
    expect(lost.isError).toBe(true);
    expect(lost.content).toMatch(/closed the connection|Connection closed/);
    expect((await call('mcp__everything__echo', { message: 'back again' })).content).toBe(
      'Echo: back again',
    );
  });

  it('a web server that stalls after its first bytes', async () => {
    const stalled = await call('WebFetch', { url: `${site.origin}/stall`, raw: true });
    expect(stalled.isError).toBe(true);
    expect(stalled.content).toContain('took longer than 1.5 s and was stopped');
    expect((await call('WebFetch', { url: `${site.origin}/ok`, raw: true })).content).toContain(
      'a healthy page',
    );
  });

  it('a web server that resets the connection mid-body', async () => {
    const reset = await call('WebFetch', { url: `${site.origin}/reset`, raw: true });
    expect(reset.isError).toBe(true);
    expect(reset.content).toMatch(/ECONNRESET|reset|closed|aborted/i);
    expect((await call('WebFetch', { url: `${site.origin}/ok2`, raw: true })).content).toContain(
      'a healthy page',
    );
  });

  it('a web server that sends an endless body', async () => {
    const endless = await call('WebFetch', { url: `${site.origin}/endless`, raw: true });
    expect(endless.isError).toBe(false);
    expect(endless.content).toContain('(The response was longer than 1 MB and was cut off.)');
    expect((await call('WebFetch', { url: `${site.origin}/ok3`, raw: true })).content).toContain(
      'a healthy page',
    );
  });

  it('a shell command whose children fork and ignore TERM', async () => {
    const stubborn = await call('Bash', {
      command:
        "trap '' TERM; (trap '' TERM; sleep 300 & sleep 300) & bash -c \"trap '' TERM; sleep 300\" & sleep 300",
      timeout: 1000,
    });
    expect(stubborn.isError).toBe(true);
    expect(stubborn.content).toContain('did not finish within 1 s and was stopped');
    const shellsLeft = () =>
      descendantProcesses().filter((child) => !child.command.includes('server-everything'));
    expect(await eventually(() => shellsLeft().length === 0), JSON.stringify(shellsLeft())).toBe(
      true,
    );
    expect((await call('Bash', { command: 'echo still here' })).content).toContain('still here');
  });
});

/** A 256 KB tmpfs mounted inside the workspace, when this machine lets us mount (root). */
function mountTinyDisk(folder: string): boolean {
  mkdirSync(folder, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', folder]).status === 0;
}

describe('a full disk during Write and Edit', () => {
  const disk = () => join(root, 'disk');
  let mounted = false;
  beforeAll(() => {
    mounted = mountTinyDisk(disk());
  });
  afterAll(() => {
    if (mounted) execFileSync('umount', ['-l', disk()]);
  });

  it('refuses the write clearly, keeps the old content, leaves no temporary file', async (context) => {
    if (!mounted) {
      // full-disk-injected.test.ts covers this with an injected ENOSPC on any machine.
      context.skip('mounting a tmpfs needs root; the injected failure covers this machine');
    }
    writeFileSync(join(disk(), 'keep.txt'), 'the precious original\n');
    await call('Read', { path: 'disk/keep.txt' });
    const big = 'x'.repeat(1024 * 1024);
    const write = await call('Write', { path: 'disk/keep.txt', content: big });
    expect(write.isError).toBe(true);
    expect(write.content).toContain(
      'there is no space left on the device. Nothing was written; the file keeps its previous content.',
    );
    const edit = await call('Edit', {
      path: 'disk/keep.txt',
      old_string: 'precious',
      new_string: big,
    });
    expect(edit.isError).toBe(true);
    expect(edit.content).toContain(
      'there is no space left on the device. Nothing was written; the file keeps its previous content.',
    );
    expect(readFileSync(join(disk(), 'keep.txt'), 'utf8')).toBe('the precious original\n');
    expect(readdirSync(disk())).toEqual(['keep.txt']);
    // Room for a small write: it works.
    const small = await call('Edit', {
      path: 'disk/keep.txt',
      old_string: 'precious',
      new_string: 'safe',
    });
    expect(small.isError).toBe(false);
    expect(readFileSync(join(disk(), 'keep.txt'), 'utf8')).toBe('the safe original\n');
  });
});
