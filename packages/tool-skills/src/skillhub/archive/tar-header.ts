import type { ArchiveEntryType } from './archive-entry';
import { UnsafeArchiveError } from './extraction-limits';

/** The tar block size: headers, and the unit every entry's content is padded to. */
export const BLOCK = 512;

/** A parsed tar header block (ustar, GNU or pax-prefixed). */
export interface TarHeader {
  /** The name from the header's name and (POSIX ustar) prefix fields. */
  readonly name: string;
  /** The type flag, one character (`'0'` for a file). */
  readonly flag: string;
  /** The size field: bytes of content that follow, before padding. */
  readonly size: number;
}

/** Whether a block is all zero bytes (the end-of-archive marker is two of them). */
export function isZeroBlock(block: Buffer): boolean {
  for (let index = 0; index < block.length; index++) if (block[index] !== 0) return false;
  return true;
}

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
}

/** A numeric field: octal text, or GNU base-256 (high bit set) for large values. */
function numeric(block: Buffer, start: number, length: number, what: string): number {
  const field = block.subarray(start, start + length);
  if (field[0]! & 0x80) {
    if (field[0] === 0xff) throw new UnsafeArchiveError(`a tar header has a negative ${what}`);
    let value = field[0]! & 0x7f;
    for (let index = 1; index < field.length; index++) value = value * 256 + field[index]!;
    return value;
  }
  const digits = text(block, start, length).trim();
  if (digits === '') return 0;
  if (!/^[0-7]+$/.test(digits))
    throw new UnsafeArchiveError(
      `a tar header has a malformed ${what} (${JSON.stringify(digits)})`,
    );
  return Number.parseInt(digits, 8);
}

/** Parses and checks a header block; a bad checksum means this is not (or no longer) a tar archive. */
export function parseHeader(block: Buffer): TarHeader {
  const stored = numeric(block, 148, 8, 'checksum');
  let unsigned = 0;
  let signed = 0;
  for (let index = 0; index < BLOCK; index++) {
    const byte = index >= 148 && index < 156 ? 0x20 : block[index]!;
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  if (stored !== unsigned && stored !== signed)
    throw new UnsafeArchiveError(
      'the tar data is damaged or not tar (a header block has a wrong checksum)',
    );
  const name = text(block, 0, 100);
  const posix = block.subarray(257, 263).toString('latin1') === 'ustar\0';
  const prefix = posix ? text(block, 345, 155) : '';
  return {
    name: prefix ? `${prefix}/${name}` : name,
    flag: String.fromCharCode(block[156]!) || '0',
    size: numeric(block, 124, 12, 'size'),
  };
}

/** What a type flag stands for (`x`, `g`, `L` and `K` are metadata the reader handles itself). */
export function entryType(flag: string): ArchiveEntryType {
  switch (flag) {
    case '0':
    case '\0':
    case '7':
      return 'file';
    case '5':
      return 'directory';
    case '1':
      return 'hardlink';
    case '2':
      return 'symlink';
    case '3':
    case '4':
      return 'device';
    case '6':
      return 'fifo';
    default:
      return 'other';
  }
}

/** The records of a pax extended header (`<length> <key>=<value>\n`, lengths in bytes). */
export function parsePax(data: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  let offset = 0;
  while (offset < data.length && data[offset] !== 0) {
    const space = data.indexOf(0x20, offset);
    const length = Number(data.subarray(offset, space).toString('latin1'));
    const end = offset + length;
    if (
      space === -1 ||
      !Number.isInteger(length) ||
      length <= 0 ||
      end > data.length ||
      data[end - 1] !== 0x0a
    )
      throw new UnsafeArchiveError('a pax extended header of the tar archive is malformed');
    const record = data.subarray(space + 1, end - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals === -1)
      throw new UnsafeArchiveError('a pax extended header of the tar archive is malformed');
    records.set(record.slice(0, equals), record.slice(equals + 1));
    offset = end;
  }
  return records;
}
