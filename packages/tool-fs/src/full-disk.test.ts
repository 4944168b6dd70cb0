// A full disk injected at the file system call (for machines where the e2e test cannot mount a
// small tmpfs): the temporary file gets half the bytes, then ENOSPC. e2e/src/faults.test.ts does
// the same on a real 256 KB tmpfs where the machine allows mounting.
import { readdirSync, readFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createTestWorkspace } from './testing/test-workspace';

const disk = vi.hoisted(() => ({ full: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (...args) => {
    const handle = await actual.open(...args);
    if (!disk.full || !String(args[0]).endsWith('.tinyelf-tmp')) return handle;
    return new Proxy(handle, {
      get(target, property, receiver) {
        if (property !== 'writeFile') return Reflect.get(target, property, receiver);
        return async (content: Buffer) => {
          await target.write(content.subarray(0, content.length >> 1));
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
          });
        };
      },
    });
  };
  return { ...actual, open, default: { ...actual, open } };
});

describe('a full disk (injected ENOSPC)', () => {
  it('Write and Edit say so, keep the file whole, leave no temporary file; then writes work', async () => {
    const workspace = createTestWorkspace({ 'keep.txt': 'the precious original\n' });
    await workspace.call('Read', { path: 'keep.txt' });
    disk.full = true;
    const write = await workspace.call('Write', { path: 'keep.txt', content: 'x'.repeat(10_000) });
    const created = await workspace.call('Write', { path: 'new.txt', content: 'hello' });
    const edit = await workspace.call('Edit', {
      path: 'keep.txt',
      old_string: 'precious',
      new_string: 'safe',
    });
    disk.full = false;
    expect(write).toMatchObject({ isError: true, errorCode: 'DISK_FULL' });
    expect(write.content).toContain(
      'there is no space left on the device. Nothing was written; the file keeps its previous content.',
    );
    expect(created.content).toContain('Nothing was written; no file was created.');
    expect(edit).toMatchObject({ isError: true, errorCode: 'DISK_FULL' });
    expect(readFileSync(join(workspace.root, 'keep.txt'), 'utf8')).toBe('the precious original\n');
    expect(readdirSync(workspace.root)).toEqual(['keep.txt']);
    const again = await workspace.call('Edit', {
      path: 'keep.txt',
      old_string: 'precious',
      new_string: 'safe',
    });
    expect(again.isError).toBe(false);
    expect(readFileSync(join(workspace.root, 'keep.txt'), 'utf8')).toBe('the safe original\n');
  });
});
