import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/test-workspace';

describe('ListDir', () => {
  it('lists folders first with a trailing /, then files with sizes, sorted, symlinks not followed', async () => {
    const workspace = createTestWorkspace({
      'b.txt': 'hello',
      'a.md': 'x'.repeat(2048),
      'src/app.ts': '',
      '.hidden': '',
    });
    symlinkSync('/etc', join(workspace.root, 'etc-link'));
    const result = await workspace.call('ListDir', { path: '.' });
    expect(result.content).toBe(
      '.: 1 folder, 4 files\nsrc/\n.hidden (0 B)\na.md (2.0 KB)\nb.txt (5 B)\netc-link -> /etc (symbolic link)',
    );
  });

  it('defaults to the workspace root, and caps the entries with a note', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [`f${String(index).padStart(2, '0')}.txt`, '']),
    );
    const workspace = createTestWorkspace(files, { listMaxEntries: 10 });
    const result = await workspace.call('ListDir', {});
    expect(result.content.split('\n')).toHaveLength(12);
    expect(result.content).toContain('f09.txt (0 B)\n... and 2 more entries (not shown).');
  });

  it('says when a folder is empty, and when the path is a file', async () => {
    const workspace = createTestWorkspace({ 'empty/.keep': '', 'file.txt': '' });
    expect((await workspace.call('ListDir', { path: 'src/..' })).isError).toBe(false);
    expect((await workspace.call('ListDir', { path: 'file.txt' })).content).toContain(
      '"file.txt" is a file, not a folder; use Read',
    );
  });
});
