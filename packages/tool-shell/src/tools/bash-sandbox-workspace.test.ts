import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../../test-support/processes';
import { resolveSandbox } from '../sandbox/resolve-sandbox';
import { createShellTool } from './bash';

// The workspace's own escape routes, run for real (as root here and in CI): files that run code
// outside the sandbox stay read-only, cannot be created, renamed away or redirected.
const skipReason = resolveSandbox({
  sandbox: 'bubblewrap',
  workspaceRoot: tmpdir(),
}).unavailableReason;

function setup() {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-sandbox-')));
  const registry = new ToolRegistry({ workspaceRoot }).register(
    createShellTool({ workspaceRoot, sandbox: 'bubblewrap' }),
  );
  return {
    workspaceRoot,
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
});
