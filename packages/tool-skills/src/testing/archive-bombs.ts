import { deflateRawSync, gzipSync } from 'node:zlib';
import { makeTar, type TestEntry, tarHeader } from './archives';
import { skillMarkdown } from './skill-folders';
import { deflatedEntry, writeRawZip } from './zip-writer';

const megabyte = 1024 * 1024;

/** The entries of one valid skill, `pdf-tools`. */
export const validSkill: readonly TestEntry[] = [
  { name: 'pdf-tools/SKILL.md', type: 'file', content: skillMarkdown('pdf-tools', 'PDF helpers') },
  { name: 'pdf-tools/scripts/run.py', type: 'file', content: "print('hi')" },
];

/** gzip members of zeros, concatenated (gunzip reads them as one stream), `total` bytes unpacked. */
export function gzipZeros(total: number): Buffer {
  const piece = 16 * megabyte;
  const member = gzipSync(Buffer.alloc(Math.min(piece, total)), { level: 9 });
  const members: Buffer[] = [];
  for (let left = total; left > 0; left -= piece)
    members.push(left >= piece ? member : gzipSync(Buffer.alloc(left), { level: 9 }));
  return Buffer.concat(members);
}

/**
 * The reported bomb: one valid skill, then compressed zero blocks (`zeros` bytes of them), in one
 * gzip stream when small, else as concatenated members (1 MB of it unpacks to about 1 GB).
 */
export function zeroBlockTarBomb(zeros: number): Buffer {
  const skill = makeTar(validSkill, { end: false });
  if (zeros <= 64 * megabyte) return gzipSync(Buffer.concat([skill, Buffer.alloc(zeros)]));
  return Buffer.concat([gzipSync(skill), gzipZeros(zeros)]);
}

/** A skill whose one extra file declares, and holds, `size` zero bytes. */
export function largeFileTarBomb(size: number): Buffer {
  const header = tarHeader({ name: 'pdf-tools/zeros.bin', type: 'file' }, size);
  return Buffer.concat([
    gzipSync(Buffer.concat([makeTar(validSkill, { end: false }), header])),
    gzipZeros(size + ((512 - (size % 512)) % 512) + 1024),
  ]);
}

/** A skill followed by `count` empty files. */
export function manyEntriesTarGz(count: number): Buffer {
  const entries: TestEntry[] = [...validSkill];
  for (let index = 0; index < count; index++)
    entries.push({ name: `pdf-tools/f/${index}`, type: 'file', content: '' });
  return gzipSync(makeTar(entries));
}

/** A skill, one zero block, then another entry (tar would stop at the zero block, or skip it). */
export function zeroBlockInsideTarGz(): Buffer {
  return gzipSync(
    Buffer.concat([
      makeTar(validSkill.slice(0, 1), { end: false }),
      Buffer.alloc(512),
      makeTar(validSkill.slice(1)),
    ]),
  );
}

/** A zip with the valid skill and one entry that declares its size and inflates to `size` zeros. */
export function honestZipBomb(size: number): Buffer {
  return writeRawZip([
    ...validSkill.map((entry) => deflatedEntry(entry.name, Buffer.from(entry.content ?? ''))),
    deflatedEntry('pdf-tools/zeros.bin', Buffer.alloc(size)),
  ]);
}

/** A zip whose extra entry declares 1 KB but inflates to `size` zeros. */
export function lyingZipBomb(size: number): Buffer {
  return writeRawZip([
    ...validSkill.map((entry) => deflatedEntry(entry.name, Buffer.from(entry.content ?? ''))),
    { ...deflatedEntry('pdf-tools/zeros.bin', Buffer.alloc(size)), declaredSize: 1024 },
  ]);
}

/**
 * The non-recursive zip bomb: `count` central entries all pointing at one deflated entry of
 * `size` zeros, each declaring 1 KB.
 */
export function overlappingZipBomb(count: number, size: number): Buffer {
  const shared = deflateRawSync(Buffer.alloc(size));
  return writeRawZip([
    ...validSkill.map((entry) => deflatedEntry(entry.name, Buffer.from(entry.content ?? ''))),
    ...Array.from({ length: count }, (_, index) => ({
      name: `pdf-tools/z${index}.bin`,
      data: shared,
      method: 8 as const,
      declaredSize: 1024,
      sharesPrevious: index > 0,
    })),
  ]);
}

/** A zip of the skill and `count` empty stored files. */
export function manyEntriesZip(count: number): Buffer {
  return writeRawZip([
    ...validSkill.map((entry) => deflatedEntry(entry.name, Buffer.from(entry.content ?? ''))),
    ...Array.from({ length: count }, (_, index) => ({
      name: `pdf-tools/f/${index}`,
      data: Buffer.alloc(0),
      method: 0 as const,
      declaredSize: 0,
    })),
  ]);
}
