import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { eventually, processesMatching } from '@tinyelf/test-support/processes';
import { describe, expect, it } from 'vitest';
import { resolveSandbox } from '../sandbox/resolve-sandbox';
import type { ShellToolOptions } from '../shell-tool-options';
import { createShellTool } from './bash';

// Escapes from the bubblewrap sandbox, run for real as the user the tests run as (root in CI
// and here): each must fail.
const probe = resolveSandbox({ sandbox: 'bubblewrap', workspaceRoot: tmpdir() });
const skipReason = probe.unavailableReason;
if (skipReason) console.warn(`Sandbox escape tests skipped: ${skipReason}`);

function setup(options: Partial<ShellToolOptions> = {}) {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-sandbox-')));
  const registry = new ToolRegistry({ workspaceRoot }).register(
    createShellTool({ workspaceRoot, sandbox: 'bubblewrap', killGraceMs: 200, ...options }),
  );
  return {
    workspaceRoot,
    run: async (command: string, extra: Record<string, unknown> = {}) =>
      (await registry.execute('call', 'Bash', { command, ...extra })).content,
  };
}

describe.skipIf(skipReason)('the bubblewrap sandbox, run as root, holds', () => {
  it('runs as an unprivileged user with no capabilities, and cannot unmount or remount', async () => {
    const { run } = setup();
    // The classifier refuses these commands when it sees them; the sandbox must hold for what it
    // does not see, so they come from a script file it cannot read (outside the private /tmp).
    const script = join(realpathSync(mkdtempSync(join('/var/tmp', 'tinyelf-escape-'))), 'x.sh');
    writeFileSync(
      script,
      'id -u; grep CapEff /proc/self/status; capsh --print | grep -i "^Current"; umount /tmp; mount -o remount,rw /; mount -t tmpfs none /mnt; unshare -U true; echo h > /proc/sysrq-trigger\n',
    );
    const output = await run(`bash ${script}`);
    expect(output).toMatch(/^1000\nCapEff:\t0000000000000000\nCurrent: =?\n/);
    expect(output).toContain('umount: /tmp: must be superuser to unmount.');
    expect(output).toContain('mount: /: must be superuser to use mount.');
    expect(output).toContain('unshare: unshare failed');
    expect(output).toMatch(
      /sysrq-trigger: (Read-only file system|Permission denied|No such file or directory)/,
    );
  });

  it('writes the workspace only: not outside it, not /etc, and cannot read secrets', async () => {
    const outside = realpathSync(mkdtempSync(join('/var/tmp', 'tinyelf-outside-')));
    const home = realpathSync(mkdtempSync(join('/var/tmp', 'tinyelf-home-')));
    mkdirSync(join(home, '.ssh'));
    writeFileSync(join(home, '.ssh', 'id_rsa'), 'PRIVATE KEY');
    writeFileSync(join(home, '.netrc'), 'machine x password p');
    const { run, workspaceRoot } = setup({ homeDir: home });
    const output = await run(
      `echo in > inside.txt && cat inside.txt; echo out > ${outside}/escape.txt; echo x > /etc/tinyelf-escape; cat ${home}/.ssh/id_rsa; ls ${home}/.ssh; cat ${home}/.netrc; head -c 1 /etc/shadow`,
    );
    expect(existsSync(join(workspaceRoot, 'inside.txt'))).toBe(true);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync('/etc/tinyelf-escape')).toBe(false);
    expect(output).toContain(`${outside}/escape.txt: Read-only file system`);
    expect(output).toContain('/etc/tinyelf-escape: Read-only file system');
    expect(output).not.toContain('PRIVATE KEY');
    expect(output).not.toContain('password');
    expect(output).toContain(`cat: ${home}/.ssh/id_rsa: Permission denied`);
    expect(output).toContain(`cat: ${home}/.netrc: Permission denied`);
    expect(output).toContain("cannot open '/etc/shadow' for reading: Permission denied");
  });

  it('hides secrets even when the workspace is the home folder', async () => {
    const home = realpathSync(mkdtempSync(join('/var/tmp', 'tinyelf-home-workspace-')));
    mkdirSync(join(home, '.ssh'));
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
    const registry = new ToolRegistry({ workspaceRoot: home }).register(
      createShellTool({ workspaceRoot: home, homeDir: home, sandbox: 'bubblewrap' }),
    );
    const result = await registry.execute('call', 'Bash', {
      command: 'cat .ssh/id_ed25519; echo notes > notes.txt && cat notes.txt',
    });
    expect(result.content).toBe('cat: .ssh/id_ed25519: Permission denied\nnotes\n\nExit code 0.');
  });

  it('leaves no process behind: background, set -m, setsid, nohup, double fork, disown, even env -i', async () => {
    const { run } = setup();
    const tag = `${process.pid}${Date.now()}`;
    const output = await run(
      `set -m; sleep 1${tag}1 & setsid sleep 1${tag}2 & nohup sleep 1${tag}3 >/dev/null 2>&1 & (sleep 1${tag}4 &); sleep 1${tag}5 & disown; env -i setsid -f sleep 1${tag}6; echo started`,
    );
    expect(output).toMatch(/started\n\nExit code 0\.$/);
    // A SIGKILL lands asynchronously: give a loaded machine a moment.
    expect(await eventually(() => processesMatching(tag).length === 0, 3000)).toBe(true);
  });

  it('stops everything on timeout', async () => {
    const { run } = setup();
    const tag = `${process.pid}${Date.now()}`;
    const output = await run(`setsid sleep 2${tag} & sleep 3${tag}`, { timeout: 1000 });
    expect(output).toContain('did not finish within 1 s');
    // A SIGKILL lands asynchronously: give a loaded machine a moment.
    expect(await eventually(() => processesMatching(tag).length === 0, 3000)).toBe(true);
  });

  it('has no network unless allowed: a server on 127.0.0.1 is not reached', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      socket.end('hello\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const reach = `(exec 3<>/dev/tcp/127.0.0.1/${port} && head -1 <&3) 2>&1 || echo unreachable`;
    try {
      const closed = await setup().run(reach);
      expect(closed).toContain('unreachable');
      expect(connections).toBe(0);
      const open = await setup({ allowNetwork: true }).run(reach);
      expect(open).toContain('hello');
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it("hides the host's /run, where daemons' sockets would take the command for root", async () => {
    const socketPath = `/run/tinyelf-test-${process.pid}.sock`;
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const output = await setup().run(`test -S ${socketPath} && echo visible || echo hidden`);
      expect(output).toContain('hidden');
    } finally {
      server.close();
    }
  });

  it('never uses a bwrap planted in the workspace', async () => {
    const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-planted-')));
    const planted = join(workspaceRoot, 'bwrap');
    writeFileSync(planted, `#!/bin/sh\ntouch ${workspaceRoot}/planted-ran\n`);
    chmodSync(planted, 0o755);
    const status = resolveSandbox({ sandbox: 'auto', workspaceRoot, bubblewrapPath: planted });
    expect(status.unavailableReason).toBe(`${planted} is inside the workspace, so it is not used`);
    expect(existsSync(join(workspaceRoot, 'planted-ran'))).toBe(false);
  });
});
