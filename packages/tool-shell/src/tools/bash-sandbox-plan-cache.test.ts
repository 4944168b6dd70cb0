import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { SETTLED_MS } from '../sandbox/folder-states';
import { resolveSandbox } from '../sandbox/resolve-sandbox';
import { createShellTool } from './bash';

// The sandbox plan is reused between calls while the folders it looked in are unchanged (see
// SandboxPlanner): run for real, with the workspace left still long enough for the plan to be
// reused, paths created between and during calls must stay protected.
const skipReason = resolveSandbox({
  sandbox: 'bubblewrap',
  workspaceRoot: tmpdir(),
}).unavailableReason;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLED_MS + 100));

async function setup() {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-plan-cache-')));
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-plan-cache-home-')));
  const quarantineDir = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-quarantine-')));
  execFileSync('git', ['init', '-q'], { cwd: workspaceRoot });
  const registry = new ToolRegistry({ workspaceRoot }).register(
    createShellTool({ workspaceRoot, sandbox: 'bubblewrap', quarantineDir, homeDir: home }),
  );
  const run = async (command: string) =>
    (await registry.execute('call', 'Bash', { command })).content;
  await settle();
  // Two calls on a still workspace: the second one reuses the first one's plan.
  expect(await run('true')).toBe('(no output)\n\nExit code 0.');
  expect(await run('true')).toBe('(no output)\n\nExit code 0.');
  return { workspaceRoot, home, quarantineDir, run };
}

describe.skipIf(skipReason)('the reused sandbox plan', () => {
  it('keeps a protected path created outside after a call read-only in the next call', async () => {
    const { run, workspaceRoot, quarantineDir } = await setup();
    mkdirSync(join(workspaceRoot, '.vscode'));
    writeFileSync(join(workspaceRoot, '.vscode', 'tasks.json'), '{}');
    const output = await run('echo evil > .vscode/tasks.json; touch .vscode/new.json');
    expect(output).toContain('Read-only file system');
    expect(readFileSync(join(workspaceRoot, '.vscode', 'tasks.json'), 'utf8')).toBe('{}');
    expect(readdirSync(join(workspaceRoot, '.vscode'))).toEqual(['tasks.json']);
    expect(readdirSync(quarantineDir)).toEqual([]);
    // A git hook folder made outside later (a repository whose .git/hooks was removed) too.
    execFileSync('rm', ['-rf', join(workspaceRoot, '.git', 'hooks')]);
    await run('true');
    mkdirSync(join(workspaceRoot, '.git', 'hooks'));
    expect(await run('echo x > .git/hooks/pre-commit')).toContain('Read-only file system');
    expect(readdirSync(join(workspaceRoot, '.git', 'hooks'))).toEqual([]);
  });

  it('moves out protected paths a call creates while reusing the plan', async () => {
    const { run, workspaceRoot } = await setup();
    const output = await run(
      'echo evil > .envrc; mkdir -p .git/info && echo "* filter=x" > .git/info/attributes',
    );
    expect(output).toContain(
      '[Moved out of the workspace after the command: .envrc (file), .git/info/attributes (file), now in ',
    );
    expect(existsSync(join(workspaceRoot, '.envrc'))).toBe(false);
    expect(existsSync(join(workspaceRoot, '.git', 'info', 'attributes'))).toBe(false);
  });

  it('masks a secret created outside after a call in the next call', async () => {
    const { run, home } = await setup();
    mkdirSync(join(home, '.aws'));
    writeFileSync(join(home, '.aws', 'credentials'), 'secret-key');
    const output = await run(`cat ${home}/.aws/credentials`);
    expect(output).toContain('Permission denied');
    expect(output).not.toContain('secret-key');
  });
});
