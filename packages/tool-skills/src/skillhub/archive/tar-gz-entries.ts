import { createGunzip } from 'node:zlib';
import type { ArchiveEntry } from './archive-entry';
import { ByteSource } from './byte-source';
import type { ExtractionBudget } from './extraction-budget';
import { UnsafeArchiveError } from './extraction-limits';
import { BLOCK, entryType, isZeroBlock, parseHeader, parsePax } from './tar-header';

/** The largest pax or GNU long-name header kept in memory. */
const maxMetadataBytes = 64 * 1024;
/** Zero padding allowed after the end-of-archive marker (tar pads to its record size, 10 KB by default). */
const maxTrailingBytes = 1024 * 1024;

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/**
 * The entries of a `.tar.gz`, decompressed as a stream: gunzip runs off the main thread and is read
 * one chunk at a time, and every byte it produces (headers, content, padding, zero blocks, what
 * follows the end marker) is charged to the budget, so a bomb is refused by the work it causes, not
 * by what its headers declare. A zero block that is not the end marker, data after the end, a bad
 * checksum or a truncated entry refuses the archive.
 */
export async function* tarGzEntries(
  archive: Buffer,
  budget: ExtractionBudget,
): AsyncGenerator<ArchiveEntry> {
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  gunzip.on('error', () => {}); // Surfaced by the iterator below.
  gunzip.end(archive);
  const source = new ByteSource(gunzip[Symbol.asyncIterator](), budget);
  try {
    yield* entries(source, budget);
  } catch (error) {
    if (error instanceof UnsafeArchiveError) throw error;
    throw new UnsafeArchiveError(`the gzip data is damaged (${(error as Error).message})`);
  } finally {
    gunzip.destroy();
  }
}

async function* entries(
  source: ByteSource,
  budget: ExtractionBudget,
): AsyncGenerator<ArchiveEntry> {
  let extended = new Map<string, string>();
  let longName: string | undefined;
  for (;;) {
    const block = await source.read(BLOCK);
    if (!block) return; // No end marker: the gzip stream ended on an entry boundary.
    if (isZeroBlock(block)) {
      const second = await source.read(BLOCK);
      if (second && !isZeroBlock(second))
        throw new UnsafeArchiveError(
          'the tar archive has a zero block before more entries (only the end of an archive is zero blocks)',
        );
      await checkTrailer(source);
      return;
    }
    const header = parseHeader(block);
    budget.chargeEntry();
    if (header.flag === 'x' || header.flag === 'g' || header.flag === 'L' || header.flag === 'K') {
      if (header.size > maxMetadataBytes)
        throw new UnsafeArchiveError(
          `a tar extension header declares ${header.size} bytes (at most ${maxMetadataBytes} are read)`,
        );
      const data = await source.read(header.size + padding(header.size));
      if (!data) throw new UnsafeArchiveError('the tar archive ends inside an extension header');
      const content = data.subarray(0, header.size);
      if (header.flag === 'x') extended = parsePax(content);
      else if (header.flag === 'L') longName = content.toString('utf8').replace(/\0+$/, '');
      continue; // Global headers (g) and long link names (K) do not change what is installed.
    }
    const name = extended.get('path') ?? longName ?? header.name;
    const size = extended.has('size') ? Number(extended.get('size')) : header.size;
    extended = new Map();
    longName = undefined;
    if (!Number.isSafeInteger(size) || size < 0)
      throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} has an invalid size`);
    budget.checkDeclared(name, size);
    const section = { left: size };
    yield { name, type: entryType(header.flag), size, content: source.stream(section) };
    // Whatever the consumer left unread is still decompressed and charged, then the padding.
    if (!(await source.skip(section.left + padding(size))))
      throw new UnsafeArchiveError(`the tar archive ends inside entry ${JSON.stringify(name)}`);
  }
}

/** After the end marker: at most `maxTrailingBytes` more, all zero (record padding). */
async function checkTrailer(source: ByteSource): Promise<void> {
  let trailing = 0;
  for await (const piece of source.rest()) {
    trailing += piece.length;
    if (!isZeroBlock(piece))
      throw new UnsafeArchiveError('the tar archive has data after its end marker');
    if (trailing > maxTrailingBytes)
      throw new UnsafeArchiveError(
        `the tar archive has more than ${maxTrailingBytes / 1024 / 1024} MB of zero blocks after its end marker (the limit on padding)`,
      );
  }
}
