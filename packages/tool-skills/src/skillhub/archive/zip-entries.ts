import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ArchiveEntry, ArchiveEntryType } from './archive-entry';
import type { ExtractionBudget } from './extraction-budget';
import { UnsafeArchiveError } from './extraction-limits';

/** The smallest local file header: 30 bytes before the name. */
const localHeaderBytes = 30;

/**
 * The entries of a `.zip`. The central directory is read first and judged as a whole before
 * anything is decompressed: the entry count, the sum of the declared sizes, encryption and
 * compression methods, and overlapping entries (several names pointing into the same compressed
 * bytes, the non-recursive zip bomb) refuse the archive. Each entry is then inflated as a stream
 * (zlib off the main thread, with backpressure), every byte charged to the budget, and an entry
 * that inflates to more than it declares is refused.
 */
export async function* zipEntries(
  archive: Buffer,
  budget: ExtractionBudget,
): AsyncGenerator<ArchiveEntry> {
  const zip = await open(archive);
  try {
    if (zip.entryCount > budget.limits.maxEntries)
      throw new UnsafeArchiveError(
        `the archive has ${zip.entryCount} entries, more than ${budget.limits.maxEntries} (the limit on entries)`,
      );
    const entries: Entry[] = [];
    let declared = 0;
    for (let entry = await next(zip); entry; entry = await next(zip)) {
      budget.chargeEntry();
      const name = (entry.fileName as unknown as Buffer).toString('utf8');
      if (entry.isEncrypted())
        throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} is encrypted`);
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw new UnsafeArchiveError(
          `entry ${JSON.stringify(name)} uses compression method ${entry.compressionMethod} (only stored and deflated entries are read)`,
        );
      budget.checkDeclared(name, declared + entry.uncompressedSize, true);
      declared += entry.uncompressedSize;
      entries.push(entry);
    }
    refuseOverlaps(entries);
    for (const entry of entries) {
      const name = (entry.fileName as unknown as Buffer).toString('utf8');
      const type = typeOf(entry, name);
      yield {
        name,
        type,
        size: type === 'file' ? entry.uncompressedSize : 0,
        content: type === 'file' ? content(zip, entry, name, budget) : empty(),
      };
    }
  } finally {
    zip.close();
  }
}

function open(archive: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    // decodeStrings: false, so unsafe names reach our own checks (with their own messages).
    yauzl.fromBuffer(
      archive,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) =>
        error || !zip
          ? reject(new UnsafeArchiveError(`the zip archive cannot be read (${error?.message})`))
          : resolve(zip),
    ),
  );
}

function next(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(undefined);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new UnsafeArchiveError(`the zip archive is damaged (${error.message})`));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/** Refuses entries whose compressed bytes overlap another's (sorted by local header offset). */
function refuseOverlaps(entries: readonly Entry[]): void {
  const sorted = [...entries].sort(
    (left, right) => left.relativeOffsetOfLocalHeader - right.relativeOffsetOfLocalHeader,
  );
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1]!;
    const end =
      previous.relativeOffsetOfLocalHeader +
      localHeaderBytes +
      previous.fileNameLength +
      previous.compressedSize;
    if (sorted[index]!.relativeOffsetOfLocalHeader < end)
      throw new UnsafeArchiveError(
        `entries ${JSON.stringify((previous.fileName as unknown as Buffer).toString('utf8'))} and ${JSON.stringify((sorted[index]!.fileName as unknown as Buffer).toString('utf8'))} overlap in the zip archive (a zip bomb shares compressed data between entries)`,
      );
  }
}

function typeOf(entry: Entry, name: string): ArchiveEntryType {
  const unix = entry.versionMadeBy >> 8 === 3;
  const mode = unix ? (entry.externalFileAttributes >>> 16) & 0o170000 : 0;
  if (name.endsWith('/') || mode === 0o040000 || (!unix && entry.externalFileAttributes & 0x10))
    return 'directory';
  if (mode === 0 || mode === 0o100000) return 'file';
  if (mode === 0o120000) return 'symlink';
  if (mode === 0o010000) return 'fifo';
  if (mode === 0o020000 || mode === 0o060000) return 'device';
  return 'other';
}

async function* content(
  zip: ZipFile,
  entry: Entry,
  name: string,
  budget: ExtractionBudget,
): AsyncGenerator<Buffer> {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) =>
      error || !readable
        ? reject(
            new UnsafeArchiveError(
              `entry ${JSON.stringify(name)} cannot be read (${error?.message})`,
            ),
          )
        : resolve(readable),
    ),
  );
  try {
    for await (const chunk of stream) {
      budget.chargeBytes((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof UnsafeArchiveError) throw error;
    throw new UnsafeArchiveError(
      `entry ${JSON.stringify(name)} is damaged or larger than it declares (${(error as Error).message})`,
    );
  } finally {
    stream.destroy();
  }
}

async function* empty(): AsyncGenerator<Buffer> {}
