import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../atomic-write';
import { createFileSystemTools } from '../create-file-system-tools';
import { createTestWorkspace } from '../testing/test-workspace';

const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i}`).join('\n');

describe('concurrent writes of one file', () => {
  it('applies every one of 25 concurrent Edits of different lines of the same file', async () => {
    const workspace = createTestWorkspace({ 'list.txt': `${lines(25)}\n` });
    await workspace.call('Read', { path: 'list.txt' });
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        workspace.call('Edit', {
          path: 'list.txt',
          old_string: `line ${i}\n`,
          new_string: `line ${i} (edited)\n`,
        }),
      ),
    );
    expect(results.filter((result) => result.isError)).toEqual([]);
    expect(readFileSync(join(workspace.root, 'list.txt'), 'utf8')).toBe(
      `${Array.from({ length: 25 }, (_, i) => `line ${i} (edited)`).join('\n')}\n`,
    );
  });

  it('two agents editing the same file at once: one applies, the other is refused as stale', async () => {
    const workspace = createTestWorkspace({ 'plan.md': 'step one\nstep two\n' });
    // A second agent: its own registry and its own record of what it read.
    const other = new ToolRegistry({ workspaceRoot: workspace.root }).registerAll(
      createFileSystemTools({ workspaceRoot: workspace.root }),
    );
    await workspace.call('Read', { path: 'plan.md' });
    await other.execute('o1', 'Read', { path: 'plan.md' });
    const [mine, theirs] = await Promise.all([
      workspace.call('Edit', { path: 'plan.md', old_string: 'step one', new_string: 'STEP ONE' }),
      other.execute('o2', 'Edit', {
        path: 'plan.md',
        old_string: 'step two',
        new_string: 'STEP TWO',
      }),
    ]);
    expect(mine?.isError).toBe(false);
    expect(theirs).toMatchObject({ isError: true, errorCode: 'FILE_CHANGED_ON_DISK' });
    expect(readFileSync(join(workspace.root, 'plan.md'), 'utf8')).toBe('STEP ONE\nstep two\n');
    // Read again, and the second edit applies on top of the first.
    await other.execute('o3', 'Read', { path: 'plan.md' });
    const retried = await other.execute('o4', 'Edit', {
      path: 'plan.md',
      old_string: 'step two',
      new_string: 'STEP TWO',
    });
    expect(retried.isError).toBe(false);
    expect(readFileSync(join(workspace.root, 'plan.md'), 'utf8')).toBe('STEP ONE\nSTEP TWO\n');
  });

  it('a Write and an Edit of the same file at once never interleave', async () => {
    const workspace = createTestWorkspace({ 'a.txt': 'alpha\n' });
    await workspace.call('Read', { path: 'a.txt' });
    const [edit, write] = await Promise.all([
      workspace.call('Edit', { path: 'a.txt', old_string: 'alpha', new_string: 'beta' }),
      workspace.call('Write', { path: 'a.txt', content: 'gamma\n' }),
    ]);
    expect(edit?.isError).toBe(false);
    expect(write?.isError).toBe(false);
    // The Edit ran first (it was called first), then the Write replaced the whole file.
    expect(readFileSync(join(workspace.root, 'a.txt'), 'utf8')).toBe('gamma\n');
  });

  it('writeFileAtomically keeps the target and leaves no temporary file when beforeRename refuses', async () => {
    const workspace = createTestWorkspace({ 'keep.txt': 'original\n' });
    const target = join(workspace.root, 'keep.txt');
    await expect(
      writeFileAtomically(
        target,
        Buffer.from('replacement\n'),
        () => true,
        async () => {
          // Someone else writes the file in the meantime.
          writeFileSync(target, 'theirs\n');
          throw new Error('changed meanwhile');
        },
      ),
    ).rejects.toThrow('changed meanwhile');
    expect(readFileSync(target, 'utf8')).toBe('theirs\n');
    expect(readdirSync(workspace.root)).toEqual(['keep.txt']);
  });
});
