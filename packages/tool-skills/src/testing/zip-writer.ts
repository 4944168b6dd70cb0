import { deflateRawSync } from 'node:zlib';

/** One entry of a hand-built zip: its bytes as stored, and what the headers claim about them. */
export interface RawZipEntry {
  readonly name: string;
  /** The stored bytes (already deflated when `method` is 8). */
  readonly data: Buffer;
  /** 0 stored, 8 deflated. */
  readonly method: 0 | 8;
  /** The uncompressed size the headers declare (true or not). */
  readonly declaredSize: number;
  /** Only a central entry, pointing at the previous entry's local header and data. */
  readonly sharesPrevious?: boolean;
}

/** A deflated entry whose declared size is the true one. */
export function deflatedEntry(name: string, content: Buffer): RawZipEntry {
  return { name, data: deflateRawSync(content), method: 8, declaredSize: content.length };
}

/**
 * A zip written byte by byte, so tests can build what no zip library writes: duplicate names,
 * sizes that lie, and central entries sharing one local entry's data (a non-recursive zip bomb).
 * CRCs are zero (the reader under test does not check them; it must be bounded without them).
 */
export function writeRawZip(entries: readonly RawZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let previous = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if (!entry.sharesPrevious) {
      previous = offset;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(entry.method, 8);
      local.writeUInt32LE(entry.data.length, 18);
      local.writeUInt32LE(entry.declaredSize, 22);
      local.writeUInt16LE(name.length, 26);
      parts.push(local, name, entry.data);
      offset += local.length + name.length + entry.data.length;
    }
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.declaredSize, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(previous, 42);
    central.push(header, name);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
