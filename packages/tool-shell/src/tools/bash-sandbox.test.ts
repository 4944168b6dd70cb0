import { execFileSync } from 'node:child_process';
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
import { describe, expect, it } from 'vitest';
import { eventually, processesMatching } from '../../../../test-support/processes';
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

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], {
    cwd,
    encoding: 'utf8',
  });

describe.skipIf(skipReason)('the bubblewrap sandbox, run as root, holds', () => {
  it('runs as an unprivileged user with no capabilities, and cannot unmount or remount', async () => {
    const { run } = setup();
    const output = await run(
      'id -u; grep CapEff /proc/self/status; capsh --print | grep -i "^Current"; umount /tmp; mount -o remount,rw /; mount -t tmpfs none /mnt; unshare -U true; echo h > /proc/sysrq-trigger',
    );
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

  it('keeps git hooks and config read-only, even through renaming .git, so git outside runs no planted hook', async () => {
    const { run, workspaceRoot } = setup();
    git(workspaceRoot, 'init', '-q');
    writeFileSync(join(workspaceRoot, 'a.txt'), 'a');
    const hook = `printf '#!/bin/sh\\ntouch ${workspaceRoot}/hook-ran\\n'`;
    const output = await run(
      [
        `${hook} > .git/hooks/pre-commit`,
        'git config core.hooksPath .evil',
        'mv .git/hooks .git/old-hooks',
        'mv .git .git-old',
        'git add -A && git -c user.name=t -c user.email=t@e commit -qm inside && echo committed-inside',
      ].join('; '),
    );
    expect(output).toContain('.git/hooks/pre-commit: Read-only file system');
    expect(output).toContain('could not write config file .git/config');
    expect(output).toMatch(/mv: cannot move '\.git' to '\.git-old': Device or resource busy/);
    expect(output).toContain('committed-inside');
    writeFileSync(join(workspaceRoot, 'b.txt'), 'b');
    git(workspaceRoot, 'add', 'b.txt');
    git(workspaceRoot, 'commit', '-qm', 'outside');
    expect(existsSync(join(workspaceRoot, 'hook-ran'))).toBe(false);
    expect(git(workspaceRoot, 'log', '--format=%s')).toBe('outside\ninside\n');
  });

  it('removes a .git/commondir written from inside, which would point git outside at planted hooks', async () => {
    const { run, workspaceRoot } = setup();
    git(workspaceRoot, 'init', '-q');
    const output = await run(
      [
        'mkdir -p evil/hooks',
        'cp -r .git/objects .git/refs .git/HEAD evil/',
        `printf '[core]\\n\\trepositoryformatversion = 0\\n' > evil/config`,
        `printf '#!/bin/sh\\ntouch ${workspaceRoot}/hook-ran\\n' > evil/hooks/pre-commit`,
        'chmod +x evil/hooks/pre-commit',
        `echo ${workspaceRoot}/evil > .git/commondir`,
        'mkdir -p .git/modules/x/hooks',
      ].join('; '),
    );
    expect(output).toMatch(/cannot create directory .\.git\/modules\/x.: Read-only file system/);
    expect(output).toContain('[The command created .git/commondir');
    expect(existsSync(join(workspaceRoot, '.git', 'commondir'))).toBe(false);
    writeFileSync(join(workspaceRoot, 'b.txt'), 'b');
    git(workspaceRoot, 'add', 'b.txt');
    git(workspaceRoot, 'commit', '-qm', 'outside');
    expect(existsSync(join(workspaceRoot, 'hook-ran'))).toBe(false);
  });

  it('cannot create protected files that do not exist yet, and leaves no placeholder behind', async () => {
    const { run, workspaceRoot } = setup();
    mkdirSync(join(workspaceRoot, 'src'));
    const output = await run(
      'mkdir -p .vscode && echo "{}" > .vscode/tasks.json; mkdir -p .github/workflows; echo x > .envrc; rm -f .mcp.json; mv .claude c; touch src/ok.txt && echo wrote-src',
    );
    expect(output).toContain('wrote-src');
    expect(output).toContain('.vscode/tasks.json: Read-only file system');
    expect(output).toMatch(
      /mkdir: cannot create directory .\.github\/workflows.: Read-only file system/,
    );
    expect(output).toContain('.envrc: Is a directory');
    // Placeholders are removed about a second after the call.
    const onlySource = () => readdirSync(workspaceRoot).join() === 'src';
    expect(await eventually(onlySource), readdirSync(workspaceRoot).join()).toBe(true);
    expect(readdirSync(join(workspaceRoot, 'src'))).toEqual(['ok.txt']);
  });

  it('keeps git usable in a workspace inside a larger repository, and leaves no .git behind', async () => {
    // Not under /tmp: the sandbox's /tmp is its own, so a repository there is out of its sight.
    const repository = realpathSync(mkdtempSync(join('/var/tmp', 'tinyelf-repository-')));
    git(repository, 'init', '-q');
    const workspaceRoot = join(repository, 'package');
    mkdirSync(workspaceRoot);
    writeFileSync(join(workspaceRoot, 'a.txt'), 'a');
    git(repository, 'add', '.');
    git(repository, 'commit', '-qm', 'first');
    const registry = new ToolRegistry({ workspaceRoot }).register(
      createShellTool({ workspaceRoot, sandbox: 'bubblewrap' }),
    );
    const result = await registry.execute('call', 'Bash', {
      command: 'echo b > a.txt; git status --short; git log --format=%s',
    });
    // The placeholders (.git, .vscode, .mcp.json, ... as empty folders) are invisible to git;
    // the repository's own .git is outside the workspace, so read-only (no commits from here).
    expect(result.content).toBe(' M a.txt\nfirst\n\nExit code 0.');
    const onlyFile = () => readdirSync(workspaceRoot).join() === 'a.txt';
    expect(await eventually(onlyFile), readdirSync(workspaceRoot).join()).toBe(true);
  });

  it('keeps existing protected files read-only and un-renamable', async () => {
    const { run, workspaceRoot } = setup();
    mkdirSync(join(workspaceRoot, '.vscode'));
    writeFileSync(join(workspaceRoot, '.vscode', 'settings.json'), '{}');
    const output = await run(
      'echo "{}" > .vscode/tasks.json; echo evil > .vscode/settings.json; mv .vscode v; rm -rf .vscode',
    );
    expect(output).toContain('Read-only file system');
    expect(output).toContain('Device or resource busy');
    expect(readdirSync(join(workspaceRoot, '.vscode'))).toEqual(['settings.json']);
  });

  it('leaves no process behind: background, set -m, setsid, nohup, double fork, disown, even env -i', async () => {
    const { run } = setup();
    const tag = `${process.pid}${Date.now()}`;
    const output = await run(
      `set -m; sleep 1${tag}1 & setsid sleep 1${tag}2 & nohup sleep 1${tag}3 >/dev/null 2>&1 & (sleep 1${tag}4 &); sleep 1${tag}5 & disown; env -i setsid -f sleep 1${tag}6; echo started`,
    );
    expect(output).toMatch(/started\n\nExit code 0\.$/);
    expect(processesMatching(tag)).toEqual([]);
  });

  it('stops everything on timeout', async () => {
    const { run } = setup();
    const tag = `${process.pid}${Date.now()}`;
    const output = await run(`setsid sleep 2${tag} & sleep 3${tag}`, { timeout: 1000 });
    expect(output).toContain('did not finish within 1 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(processesMatching(tag)).toEqual([]);
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
