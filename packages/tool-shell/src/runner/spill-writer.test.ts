import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpillWriter } from './spill-writer';

describe('SpillWriter', () => {
  it('keeps the chunks a pipe delivers after it was paused while the file opened', async () => {
    const path = join(
      realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-spill-writer-'))),
      'out.txt',
    );
    let resumed = 0;
    const writer = new SpillWriter(
      {
        maxBytes: 1e9,
        open: async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { path, handle: await open(path, 'w') };
        },
      },
      () => resumed++,
    );
    expect(writer.start(Buffer.from('first\n'))).toBe(false);
    // Paused, but two more chunks come before the file is open.
    expect(writer.push(Buffer.from('second\n'))).toBe(false);
    expect(writer.push(Buffer.from('third\n'))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resumed).toBeGreaterThan(0);
    expect(writer.push(Buffer.from('fourth\n'))).toBe(true);
    expect(await writer.finish()).toEqual({ path });
    expect(readFileSync(path, 'utf8')).toBe('first\nsecond\nthird\nfourth\n');
  });
});
