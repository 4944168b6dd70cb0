import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/test-workspace';

describe('Write', () => {
  it('creates a file with its parent folders and says what it wrote', async () => {
    const workspace = createTestWorkspace();
    const result = await workspace.call('Write', { path: 'deep/new/file.txt', content: 'a\nb\n' });
    expect(result.content).toBe('Created deep/new/file.txt: 2 lines, 4 B.');
    expect(readFileSync(join(workspace.root, 'deep/new/file.txt'), 'utf8')).toBe('a\nb\n');
  });

  it('overwrites atomically, keeps the mode of an existing file and leaves no temporary file', async () => {
    const workspace = createTestWorkspace({ 'run.sh': 'old' });
    chmodSync(join(workspace.root, 'run.sh'), 0o750);
    const result = await workspace.call('Write', {
      path: 'run.sh',
      content: '#!/bin/sh\necho new\n',
    });
    expect(result.content).toBe('Overwrote run.sh: 2 lines, 19 B.');
    expect(statSync(join(workspace.root, 'run.sh')).mode & 0o777).toBe(0o750);
    expect(readdirSync(workspace.root)).toEqual(['run.sh']);
  });

  it('refuses a folder as target', async () => {
    const workspace = createTestWorkspace({ 'dir/x.txt': '' });
    expect((await workspace.call('Write', { path: 'dir', content: 'x' })).content).toContain(
      '"dir" is a folder',
    );
  });

  it('attaches risk warnings to files that run code or grant permissions', async () => {
    const workspace = createTestWorkspace();
    const rules = async (path: string) =>
      (await workspace.registry.assessRisk('Write', { path, content: '' })).map(
        (warning) => warning.rule,
      );
    expect(await rules('.git/hooks/pre-commit')).toEqual(['git-hooks']);
    expect(await rules('.git/config')).toEqual(['git-config']);
    expect(await rules('.git./hooks/pre-commit')).toEqual(['git-hooks']);
    expect(await rules('.GIT/config')).toEqual(['git-config']);
    expect(await rules('.vscode/tasks.json')).toEqual(['editor-config']);
    expect(await rules('.mcp.json')).toEqual(['mcp-config']);
    expect(await rules('.tinyelf/config.json')).toEqual(['framework-config']);
    expect(await rules('.bashrc')).toEqual(['shell-startup']);
    expect(await rules('.github/workflows/ci.yml')).toEqual(['ci-workflow']);
    expect(await rules('src/app.ts')).toEqual([]);
    expect(
      await workspace.registry.assessRisk('Edit', {
        path: '.git/hooks/post-checkout',
        old_string: 'a',
        new_string: 'b',
      }),
    ).toHaveLength(1);
  });
});

describe('Edit', () => {
  it('replaces exactly one occurrence and shows the edited lines with numbers', async () => {
    const workspace = createTestWorkspace({
      'a.ts': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n',
    });
    const result = await workspace.call('Edit', {
      path: 'a.ts',
      old_string: 'five',
      new_string: 'FIVE\nfive-and-a-half',
    });
    expect(result.content).toBe(
      'Edited a.ts: replaced 1 occurrence. The edited lines now read:\n     2\ttwo\n     3\tthree\n     4\tfour\n     5\tFIVE\n     6\tfive-and-a-half\n     7\tsix\n     8\tseven\n     9\teight',
    );
    expect(readFileSync(join(workspace.root, 'a.ts'), 'utf8')).toBe(
      'one\ntwo\nthree\nfour\nFIVE\nfive-and-a-half\nsix\nseven\neight\n',
    );
  });

  it('says how many times and where when old_string is not unique, and replaces all on request', async () => {
    const workspace = createTestWorkspace({ 'a.txt': 'x = 1\ny = 2\nx = 1\n' });
    const ambiguous = await workspace.call('Edit', {
      path: 'a.txt',
      old_string: 'x = 1',
      new_string: 'x = 3',
    });
    expect(ambiguous.isError).toBe(true);
    expect(ambiguous.content).toContain('old_string occurs 2 times in "a.txt" (at lines 1, 3)');
    const all = await workspace.call('Edit', {
      path: 'a.txt',
      old_string: 'x = 1',
      new_string: 'x = $&3',
      replace_all: true,
    });
    expect(all.content).toContain('replaced 2 occurrences');
    expect(readFileSync(join(workspace.root, 'a.txt'), 'utf8')).toBe('x = $&3\ny = 2\nx = $&3\n');
  });

  it('shows the closest region when old_string is not found', async () => {
    const workspace = createTestWorkspace({ 'a.ts': 'function add(a, b) {\n  return a + b;\n}\n' });
    const result = await workspace.call('Edit', {
      path: 'a.ts',
      old_string: '  return a+b;',
      new_string: '  return b + a;',
    });
    expect(result.isError).toBe(true);
    expect(result.content).toContain(
      'old_string was not found in "a.ts". The closest match is at line 2:\n     2\t  return a + b;',
    );
  });

  it('refuses old_string equal to new_string, and an empty old_string', async () => {
    const workspace = createTestWorkspace({ 'a.txt': 'same' });
    expect(
      (await workspace.call('Edit', { path: 'a.txt', old_string: 'same', new_string: 'same' }))
        .content,
    ).toContain('are the same');
    expect(
      (await workspace.call('Edit', { path: 'a.txt', old_string: '', new_string: 'x' })).content,
    ).toContain('old_string is empty');
  });

  it('keeps CRLF line endings and a byte-order mark', async () => {
    const workspace = createTestWorkspace({ 'win.txt': '\ufeffalpha\r\nbeta\r\ngamma\r\n' });
    const result = await workspace.call('Edit', {
      path: 'win.txt',
      old_string: 'alpha\nbeta',
      new_string: 'ALPHA\nBETA',
    });
    expect(result.isError).toBe(false);
    expect(readFileSync(join(workspace.root, 'win.txt'), 'utf8')).toBe(
      '\ufeffALPHA\r\nBETA\r\ngamma\r\n',
    );
  });

  it('refuses a file that changed on disk since it was read, until it is read again', async () => {
    const workspace = createTestWorkspace({ 'a.txt': 'version 1' });
    await workspace.call('Read', { path: 'a.txt' });
    writeFileSync(join(workspace.root, 'a.txt'), 'version 2 from the user');
    const refused = await workspace.call('Edit', {
      path: 'a.txt',
      old_string: 'version',
      new_string: 'release',
    });
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain(
      '"a.txt" changed on disk since it was last read or written here; Read it again',
    );
    expect(readFileSync(join(workspace.root, 'a.txt'), 'utf8')).toBe('version 2 from the user');
    await workspace.call('Read', { path: 'a.txt' });
    expect(
      (
        await workspace.call('Edit', {
          path: 'a.txt',
          old_string: 'version',
          new_string: 'release',
        })
      ).isError,
    ).toBe(false);
    expect(
      (
        await workspace.call('Edit', {
          path: 'a.txt',
          old_string: 'release',
          new_string: 'version',
        })
      ).isError,
    ).toBe(false);
  });

  it('reports a missing file', async () => {
    const workspace = createTestWorkspace();
    expect(
      (await workspace.call('Edit', { path: 'nope.txt', old_string: 'a', new_string: 'b' }))
        .content,
    ).toContain('"nope.txt" does not exist.');
  });
});
