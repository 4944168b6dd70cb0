import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/test-workspace';

describe('Read', () => {
  it('shows a file with cat -n line numbers', async () => {
    const workspace = createTestWorkspace({ 'a.txt': 'first\nsecond\n' });
    const result = await workspace.call('Read', { path: 'a.txt' });
    expect(result.isError).toBe(false);
    expect(result.content).toBe('     1\tfirst\n     2\tsecond');
  });

  it('reads a range with offset and limit, and says how to read on', async () => {
    const lines = Array.from({ length: 50 }, (_, index) => `line ${index + 1}`).join('\n');
    const workspace = createTestWorkspace({ 'a.txt': lines });
    const result = await workspace.call('Read', { path: 'a.txt', offset: '10', limit: 3 });
    expect(result.content).toBe(
      '    10\tline 10\n    11\tline 11\n    12\tline 12\n\n(Showing lines 10-12 of 50. Read on with offset=13.)',
    );
    const past = await workspace.call('Read', { path: 'a.txt', offset: 51 });
    expect(past.isError).toBe(true);
    expect(past.content).toContain('"a.txt" has 50 lines; offset 51 is past its end.');
  });

  it('cuts a file over 128 KB at a line boundary with a note on reading on', async () => {
    const line = 'x'.repeat(99);
    const content = Array.from({ length: 2000 }, () => line).join('\n');
    const workspace = createTestWorkspace({ 'big.txt': content });
    const result = await workspace.call('Read', { path: 'big.txt' });
    expect(result.isError).toBe(false);
    expect(result.content).toContain('  1310\t');
    expect(result.content).not.toContain('  1311\t');
    expect(result.content).toContain(
      '(Showing lines 1-1310 of 2000: the first 127.9 KB of "big.txt", which is 195.3 KB. Read on with offset=1311 and limit',
    );
  });

  it('refuses a file over 10 MB without offset/limit, and streams a range of it', async () => {
    const workspace = createTestWorkspace();
    const path = join(workspace.root, 'huge.log');
    const handle = openSync(path, 'w');
    const chunk = `${Array.from({ length: 10_000 }, (_, index) => `row ${index}`).join('\n')}\n`;
    for (let index = 0; index < 200; index++) writeSync(handle, chunk);
    closeSync(handle);
    const refused = await workspace.call('Read', { path: 'huge.log' });
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(
      /"huge\.log" is 1[0-9.]+ MB, more than the 10\.0 MB Read shows at once\. Read a part with offset/,
    );
    const range = await workspace.call('Read', { path: 'huge.log', offset: 1_500_001, limit: 2 });
    expect(range.content).toBe(
      '1500001\trow 0\n1500002\trow 1\n\n(Showing lines 1500001-1500002 of a large file. Read on with offset=1500003.)',
    );
  });

  it('shortens very long lines', async () => {
    const workspace = createTestWorkspace({ 'long.txt': `${'a'.repeat(5000)}\nshort` });
    const result = await workspace.call('Read', { path: 'long.txt' });
    expect(result.content).toBe(
      `     1\t${'a'.repeat(2000)}… [line cut: 3000 more characters]\n     2\tshort`,
    );
  });

  it('recognises binary files and does not dump them', async () => {
    const workspace = createTestWorkspace();
    workspace.write('tool', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]));
    const result = await workspace.call('Read', { path: 'tool' });
    expect(result.content).toBe(
      '"tool" is an ELF executable (12 B); its content is not shown as text.',
    );
  });

  it('says when a file is empty, missing, a folder or not a regular file', async () => {
    const workspace = createTestWorkspace({ 'empty.txt': '', 'dir/inside.txt': 'x' });
    expect((await workspace.call('Read', { path: 'empty.txt' })).content).toBe(
      '(The file "empty.txt" is empty.)',
    );
    const missing = await workspace.call('Read', { path: 'nope.txt' });
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain('"nope.txt" does not exist.');
    expect((await workspace.call('Read', { path: 'dir' })).content).toContain(
      '"dir" is a folder, not a file; use ListDir',
    );
    execFileSync('mkfifo', [join(workspace.root, 'pipe')]);
    expect((await workspace.call('Read', { path: 'pipe' })).content).toContain(
      '"pipe" is a named pipe (FIFO), not a regular file',
    );
  });

  it('drops a byte-order mark and shows CRLF files line by line', async () => {
    const workspace = createTestWorkspace({ 'win.txt': '\ufeffone\r\ntwo\r\n' });
    expect((await workspace.call('Read', { path: 'win.txt' })).content).toBe(
      '     1\tone\n     2\ttwo',
    );
  });
});
