import { Parser } from 'tar';
import yauzl from 'yauzl';

/** One entry of a skill archive, read into memory (the archive itself is capped). */
export interface ArchiveEntry {
  /** The name as stored in the archive. */
  readonly name: string;
  readonly type: 'file' | 'directory' | 'symlink' | 'hardlink' | 'device' | 'fifo' | 'other';
  readonly content: Buffer;
}

/** Limits that bound what an archive may unpack to. */
export interface ExtractionLimits {
  /** @default 1000 */
  readonly maxEntries: number;
  /** Bytes of all files together, counted while unpacking. @default 50 MB */
  readonly maxTotalBytes: number;
}

/** Thrown for an archive that is refused; the message says which entry and why. */
export class UnsafeArchiveError extends Error {}

/** Reads every entry of a `.zip` or `.tar.gz` archive, stopping at the first limit passed. */
export function readArchive(
  archive: Buffer,
  format: 'zip' | 'tar.gz',
  limits: ExtractionLimits,
): Promise<ArchiveEntry[]> {
  return format === 'zip' ? readZip(archive, limits) : readTarGz(archive, limits);
}

function readZip(archive: Buffer, limits: ExtractionLimits): Promise<ArchiveEntry[]> {
  return new Promise((resolve, reject) => {
    // decodeStrings: false, so unsafe names reach our own checks (with their own messages).
    yauzl.fromBuffer(
      archive,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip)
          return reject(
            new UnsafeArchiveError(`the zip archive cannot be read (${error?.message})`),
          );
        const entries: ArchiveEntry[] = [];
        let total = 0;
        const fail = (failure: Error) => {
          zip.close();
          reject(failure);
        };
        zip.on('error', (failure: Error) =>
          fail(new UnsafeArchiveError(`the zip archive is damaged (${failure.message})`)),
        );
        zip.on('end', () => resolve(entries));
        zip.on('entry', (entry: yauzl.Entry) => {
          const name = (entry.fileName as unknown as Buffer).toString('utf8');
          if (entries.length >= limits.maxEntries)
            return fail(
              new UnsafeArchiveError(`the archive has more than ${limits.maxEntries} entries`),
            );
          const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
          const type = name.endsWith('/')
            ? 'directory'
            : mode === 0o120000
              ? 'symlink'
              : mode === 0o010000
                ? 'fifo'
                : mode === 0o020000 || mode === 0o060000
                  ? 'device'
                  : 'file';
          if (type !== 'file') {
            entries.push({ name, type, content: Buffer.alloc(0) });
            return zip.readEntry();
          }
          total += entry.uncompressedSize;
          if (total > limits.maxTotalBytes)
            return fail(
              new UnsafeArchiveError(
                `the archive unpacks to more than ${limits.maxTotalBytes} bytes`,
              ),
            );
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream)
              return fail(
                new UnsafeArchiveError(`entry ${name} cannot be read (${streamError?.message})`),
              );
            const chunks: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => chunks.push(chunk));
            stream.on('error', (failure) =>
              fail(new UnsafeArchiveError(`entry ${name} is damaged (${failure.message})`)),
            );
            stream.on('end', () => {
              entries.push({ name, type, content: Buffer.concat(chunks) });
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });
}

function readTarGz(archive: Buffer, limits: ExtractionLimits): Promise<ArchiveEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: ArchiveEntry[] = [];
    let total = 0;
    let failed = false;
    const parser = new Parser({ strict: true });
    const fail = (failure: Error) => {
      if (failed) return;
      failed = true;
      parser.abort(failure);
      reject(failure);
    };
    parser.on('entry', (entry) => {
      if (failed) return entry.resume();
      if (entries.length >= limits.maxEntries)
        return fail(
          new UnsafeArchiveError(`the archive has more than ${limits.maxEntries} entries`),
        );
      const kind = entry.type;
      const type =
        kind === 'File' || kind === 'OldFile' || kind === 'ContiguousFile'
          ? 'file'
          : kind === 'Directory'
            ? 'directory'
            : kind === 'SymbolicLink'
              ? 'symlink'
              : kind === 'Link'
                ? 'hardlink'
                : kind === 'FIFO'
                  ? 'fifo'
                  : kind === 'CharacterDevice' || kind === 'BlockDevice'
                    ? 'device'
                    : 'other';
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limits.maxTotalBytes)
          fail(
            new UnsafeArchiveError(
              `the archive unpacks to more than ${limits.maxTotalBytes} bytes`,
            ),
          );
        else chunks.push(chunk);
      });
      entry.on('end', () =>
        entries.push({ name: entry.path, type, content: Buffer.concat(chunks) }),
      );
    });
    parser.on('warn', (_code: string, message: string) =>
      fail(new UnsafeArchiveError(`the tar archive is damaged (${message})`)),
    );
    parser.on('error', (failure: Error) =>
      fail(new UnsafeArchiveError(`the tar archive cannot be read (${failure.message})`)),
    );
    parser.on('end', () => {
      if (!failed) resolve(entries);
    });
    parser.end(archive);
  });
}
