import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';

/** An archive entry as the attack corpus describes them. */
export interface TestEntry {
  readonly name: string;
  readonly type: 'file' | 'dir' | 'symlink' | 'hardlink' | 'fifo' | 'chardev';
  readonly content?: string;
  readonly target?: string;
}

const unixModes: Record<TestEntry['type'], number> = {
  file: 0o100644,
  dir: 0o040755,
  symlink: 0o120777,
  hardlink: 0o100644,
  fifo: 0o010644,
  chardev: 0o020644,
};

/** A real zip archive (entry names kept exactly as given, Unix modes in the external attributes). */
export function makeZip(entries: readonly TestEntry[]): Buffer {
  const files: Record<string, [Uint8Array, { attrs: number; os: number; level: 0 | 6 }]> = {};
  for (const entry of entries) {
    const name = entry.type === 'dir' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name;
    const data = Buffer.from(
      entry.type === 'symlink' || entry.type === 'hardlink'
        ? (entry.target ?? '')
        : (entry.content ?? ''),
    );
    files[name] = [data, { attrs: (unixModes[entry.type] << 16) >>> 0, os: 3, level: 6 }];
  }
  return Buffer.from(zipSync(files));
}

const tarTypes: Record<TestEntry['type'], string> = {
  file: '0',
  hardlink: '1',
  symlink: '2',
  chardev: '3',
  dir: '5',
  fifo: '6',
};

/** A ustar header block (names up to 100 bytes) declaring `size` bytes of content. */
export function tarHeader(entry: TestEntry, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(entry.name, 0, 100, 'utf8');
  header.write(`${(entry.type === 'dir' ? 0o755 : 0o644).toString(8).padStart(7, '0')}\0`, 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  header.write('        ', 148);
  header.write(tarTypes[entry.type], 156);
  if (entry.target) header.write(entry.target, 157, 100, 'utf8');
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** A real ustar archive, not compressed; with `end: false` it stops without the end marker. */
export function makeTar(entries: readonly TestEntry[], { end = true } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = Buffer.from(entry.type === 'file' ? (entry.content ?? '') : '');
    blocks.push(
      tarHeader(entry, content.length),
      content,
      Buffer.alloc((512 - (content.length % 512)) % 512),
    );
  }
  if (end) blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** A real ustar archive, gzipped (names up to 100 bytes). */
export function makeTarGz(entries: readonly TestEntry[]): Buffer {
  return gzipSync(makeTar(entries));
}
