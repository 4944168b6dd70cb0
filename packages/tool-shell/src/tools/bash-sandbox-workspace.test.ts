import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { resolveSandbox } from '../sandbox/resolve-sandbox';
import { createShellTool } from './bash';

// The workspace's own escape routes, run for real (as root here and in CI): files that run code
// outside the sandbox stay read-only and cannot be renamed away; created ones are moved out after the call.
const skipReason = resolveSandbox({
  sandbox: 'bubblewrap',
  workspaceRoot: tmpdir(),
}).unavailableReason;

function setup() {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-sandbox-')));
  const quarantineDir = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-quarantine-')));
  const registry = new ToolRegistry({ workspaceRoot }).register(
    createShellTool({ workspaceRoot, sandbox: 'bubblewrap', quarantineDir }),
  );
  return {
    workspaceRoot,
    quarantineDir,
    run: async (command: string) => (await registry.execute('call', 'Bash', { command })).content,
  };
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], {
    cwd,
    encoding: 'utf8',
  });

describe.skipIf(skipReason)('protected workspace paths in the bubblewrap sandbox', () => {
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

  it('moves out a .git/commondir written from inside, which would point git outside at planted hooks', async () => {
    const { run, workspaceRoot, quarantineDir } = setup();
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
    expect(output).toContain(
      '[Moved out of the workspace after the command: .git/commondir (file), .git/modules (folder), now in ',
    );
    expect(existsSync(join(workspaceRoot, '.git', 'commondir'))).toBe(false);
    const [folder] = readdirSync(quarantineDir);
    expect(readFileSync(join(quarantineDir, folder!, '.git', 'commondir'), 'utf8')).toContain(
      'evil',
    );
    writeFileSync(join(workspaceRoot, 'b.txt'), 'b');
    git(workspaceRoot, 'add', 'b.txt');
    git(workspaceRoot, 'commit', '-qm', 'outside');
    expect(existsSync(join(workspaceRoot, 'hook-ran'))).toBe(false);
  });

  it('puts nothing in a fresh repository: missing protected files read as missing', async () => {
    const { run, workspaceRoot } = setup();
    git(workspaceRoot, 'init', '-q');
    writeFileSync(join(workspaceRoot, 'a.txt'), 'a');
    const output = await run('ls -A; cat .gitmodules; cat tinyelf.config.json; git status --short');
    expect(output).toBe(
      [
        '.git',
        'a.txt',
        'cat: .gitmodules: No such file or directory',
        'cat: tinyelf.config.json: No such file or directory',
        '?? a.txt',
        '',
        'Exit code 0.',
      ].join('\n'),
    );
    expect(readdirSync(workspaceRoot).sort()).toEqual(['.git', 'a.txt']);
  });

  it('moves protected paths created inside out of the workspace after the call, and says so', async () => {
    const { run, workspaceRoot, quarantineDir } = setup();
    mkdirSync(join(workspaceRoot, 'src'));
    const output = await run(
      [
        'mkdir -p .vscode && echo "{}" > .vscode/tasks.json',
        'mkdir x && touch x/tasks.json && mv x .cursor',
        'ln -s /etc .claude',
        'echo "{}" > tinyelf.config.json',
        'mkdir -p .github/ISSUE_TEMPLATE .github/workflows && touch .github/workflows/ci.yml .github/ISSUE_TEMPLATE/bug.md',
        'touch src/ok.txt && echo wrote-src',
      ].join('; '),
    );
    expect(output).toContain('wrote-src');
    expect(output).toContain(
      '[Moved out of the workspace after the command: .claude (symbolic link to /etc), .cursor (folder), .github/workflows (folder), .vscode (folder), tinyelf.config.json (file), now in ',
    );
    expect(output).toContain('Exit code 0.');
    expect(readdirSync(workspaceRoot).sort()).toEqual(['.github', 'src']);
    expect(readdirSync(join(workspaceRoot, '.github'))).toEqual(['ISSUE_TEMPLATE']);
    expect(readdirSync(join(workspaceRoot, 'src'))).toEqual(['ok.txt']);
    const [folder] = readdirSync(quarantineDir);
    const kept = join(quarantineDir, folder!);
    expect(output).toContain(kept);
    expect(readFileSync(join(kept, '.vscode', 'tasks.json'), 'utf8')).toBe('{}\n');
    expect(readdirSync(join(kept, '.cursor'))).toEqual(['tasks.json']);
    expect(readlinkSync(join(kept, '.claude'))).toBe('/etc');
    expect(readdirSync(join(kept, '.github', 'workflows'))).toEqual(['ci.yml']);
    expect(existsSync(join(kept, 'tinyelf.config.json'))).toBe(true);
    // A prepared folder renamed into place is no different.
    const again = await run('mkdir x && touch x/tasks.json && mv x .vscode && ls .vscode');
    expect(again).toMatch(
      /^tasks\.json\n\[Moved out of the workspace after the command: \.vscode \(folder\), now in /,
    );
    expect(readdirSync(workspaceRoot).sort()).toEqual(['.github', 'src']);
    expect(readdirSync(quarantineDir)).toHaveLength(2);
  });

  it('moves out what a command stopped on timeout created, and nothing comes back after', async () => {
    const { workspaceRoot } = setup();
    const quarantineDir = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-quarantine-')));
    const registry = new ToolRegistry({ workspaceRoot }).register(
      createShellTool({ workspaceRoot, sandbox: 'bubblewrap', quarantineDir, killGraceMs: 0 }),
    );
    const result = await registry.execute('call', 'Bash', {
      command:
        'trap "" TERM; (trap "" TERM; while :; do touch .envrc 2>/dev/null; done) & sleep 100',
      timeout: 1000,
    });
    expect(result.content).toContain('did not finish within 1 s');
    expect(result.content).toContain(
      '[Moved out of the workspace after the command: .envrc (file)',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readdirSync(workspaceRoot)).toEqual([]);
  });

  it('says nothing when a command creates no protected path', async () => {
    const { run, quarantineDir } = setup();
    expect(await run('echo hi > b.txt; cat b.txt')).toBe('hi\n\nExit code 0.');
    expect(readdirSync(quarantineDir)).toEqual([]);
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
    // The repository's own .git is outside the workspace, so read-only (no commits from here).
    expect(result.content).toBe(' M a.txt\nfirst\n\nExit code 0.');
    expect(readdirSync(workspaceRoot)).toEqual(['a.txt']);
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
});
