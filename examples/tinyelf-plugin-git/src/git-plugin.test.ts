import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext, describePluginConformance } from '@tinyelf/core/testing';
import { describe, expect, it } from 'vitest';
import { createPlugin } from './git-plugin';

/** A real git repository with two commits and a change. */
function repository(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-git-')));
  const git = (...args: string[]) =>
    execFileSync('git', [
      '-C',
      root,
      '-c',
      'user.name=Elf',
      '-c',
      'user.email=elf@example.com',
      ...args,
    ]);
  git('init', '-q', '-b', 'main');
  writeFileSync(join(root, 'README.md'), '# elf\n');
  git('add', '.');
  git('commit', '-q', '-m', 'First commit');
  writeFileSync(join(root, 'README.md'), '# elf\n\nTools.\n');
  git('commit', '-q', '-am', 'Describe the tools');
  writeFileSync(join(root, 'README.md'), '# elf\n\nMore tools.\n');
  writeFileSync(join(root, 'new.txt'), 'new\n');
  return root;
}

describe('tinyelf-plugin-git', () => {
  it('shows status, diff and log of a real repository', async () => {
    const root = repository();
    const registry = new ToolRegistry().registerAll(
      await createPlugin().createTools(createTestBuildContext({ workspaceRoot: root })),
    );
    expect((await registry.execute('c', 'git_status', {})).content).toBe(
      '## main\n M README.md\n?? new.txt',
    );
    expect((await registry.execute('c', 'git_diff', {})).content).toContain(
      '-Tools.\n+More tools.',
    );
    expect((await registry.execute('c', 'git_diff', { staged: true })).content).toBe(
      'No staged changes.',
    );
    const log = (await registry.execute('c', 'git_log', { count: '5' })).content.split('\n');
    expect(log.map((line) => line.replace(/^\w+ \d{4}-\d{2}-\d{2} /, ''))).toEqual([
      'Elf: Describe the tools',
      'Elf: First commit',
    ]);
    expect(registry.getAll().every((tool) => tool.readOnly)).toBe(true);
  });

  it('explains a folder that is not a repository', async () => {
    const registry = new ToolRegistry().registerAll(
      await createPlugin().createTools(createTestBuildContext()),
    );
    expect((await registry.execute('c', 'git_status', {})).content).toMatch(
      /git status failed: fatal: not a git repository/,
    );
  });

  it('reads its git section: maxCommits limits git_log', async () => {
    const root = repository();
    const registry = new ToolRegistry().registerAll(
      await createPlugin().createTools(
        createTestBuildContext({ workspaceRoot: root, config: { git: { maxCommits: 1 } } }),
      ),
    );
    const log = (await registry.execute('c', 'git_log', { count: 5 })).content.split('\n');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/Elf: Describe the tools$/);
  });

  describePluginConformance(
    () => createPlugin(),
    () => ({ context: createTestBuildContext({ workspaceRoot: repository() }) }),
  );
});
