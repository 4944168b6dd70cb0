import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, readlink, realpath, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveEntry } from './archive-entry';
import { EntryPaths, shown } from './entry-paths';
import { ExtractionBudget } from './extraction-budget';
import { type ExtractionLimits, UnsafeArchiveError } from './extraction-limits';
import { tarGzEntries } from './tar-gz-entries';
import { zipEntries } from './zip-entries';

/** The work an extraction did, whether it finished or was refused. */
export interface ExtractionWork {
  /** Decompressed bytes produced (for tar: headers, padding and zero blocks included). */
  readonly bytes: number;
  /** Entries seen. */
  readonly entries: number;
}

/** What {@link extractArchive} wrote. */
export interface ExtractedFiles extends ExtractionWork {
  /** The files written, as `/`-separated paths relative to the folder. */
  readonly files: readonly string[];
}

const createFlags =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/**
 * Unpacks a skill archive into an empty folder the caller created (its real path), streaming, in
 * two passes: the first reads and checks the whole archive and writes nothing, so an archive
 * refused for its names, kinds or work never touches the disk; in the second, content goes straight
 * to its file with backpressure, and every destination's folder is re-checked to be where it
 * should be inside `folder` (no link followed) before the file is created with `O_EXCL` and
 * `O_NOFOLLOW`. Throws an {@link UnsafeArchiveError} at the first limit passed; `onWork` hears
 * the work done either way.
 */
export async function extractArchive(
  archive: Buffer,
  format: 'zip' | 'tar.gz',
  folder: string,
  limits: ExtractionLimits,
  onWork?: (work: ExtractionWork) => void,
): Promise<ExtractedFiles> {
  const budget = new ExtractionBudget(limits, archive.length);
  try {
    // First pass: read and judge everything, writing nothing, so a refused archive (every bomb)
    // costs no disk work; second pass, same checks and limits (the same deadline), writes.
    await unpack(archive, format, budget, undefined);
    budget.restart();
    const files = await unpack(archive, format, budget, folder);
    return { files, bytes: budget.bytes, entries: budget.entries };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP')
      throw new UnsafeArchiveError(
        `the install folder changed while unpacking (${code} for ${(error as NodeJS.ErrnoException).path ?? 'a file'}); it was moved outside the install folder or removed`,
      );
    throw error;
  } finally {
    onWork?.({ bytes: budget.bytes, entries: budget.entries });
  }
}

/** One pass over the entries: checked, and written below `folder` when given (else only read). */
async function unpack(
  archive: Buffer,
  format: 'zip' | 'tar.gz',
  budget: ExtractionBudget,
  folder: string | undefined,
): Promise<string[]> {
  const paths = new EntryPaths(budget.limits.maxDepth);
  const created = new Set<string>(folder ? [folder] : []);
  const files: string[] = [];
  const entries = format === 'zip' ? zipEntries(archive, budget) : tarGzEntries(archive, budget);
  for await (const entry of entries) {
    const segments = paths.accept(entry);
    if (!segments) continue;
    if (!folder) {
      for await (const _chunk of entry.content) budget.checkTime();
      continue;
    }
    if (entry.type === 'directory') {
      await makeFolders(folder, segments, created);
      continue;
    }
    const parent = await makeFolders(folder, segments.slice(0, -1), created);
    await writeEntry(entry, join(parent, segments[segments.length - 1]!), budget);
    files.push(segments.join('/'));
  }
  return files;
}

/** Creates the folders of a path one by one below `root`, and checks the last is really there. */
async function makeFolders(
  root: string,
  segments: readonly string[],
  created: Set<string>,
): Promise<string> {
  let current = root;
  for (const segment of segments) {
    current = join(current, segment);
    if (created.has(current)) continue;
    await mkdir(current, { mode: 0o755 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    created.add(current);
  }
  if ((await realpath(current)) !== current)
    throw new UnsafeArchiveError(
      `the folder ${shown(segments.join('/'))} moved outside the install folder while unpacking`,
    );
  return current;
}

async function writeEntry(
  entry: ArchiveEntry,
  destination: string,
  budget: ExtractionBudget,
): Promise<void> {
  const handle = await open(destination, createFlags, 0o644).catch(
    (error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' || error.code === 'ELOOP'
        ? new UnsafeArchiveError(`entry ${shown(entry.name)} would overwrite another entry`)
        : error;
    },
  );
  try {
    await checkOpened(handle, destination, entry.name);
    for await (const chunk of entry.content) {
      await handle.write(chunk);
      budget.checkTime();
    }
  } finally {
    await handle.close();
  }
}

/**
 * Verifies, through the descriptor, that the file just created is the one meant (Linux:
 * `/proc/self/fd`): a folder swapped for a link between the check of its path and the open would
 * put it elsewhere. Such a file (new and empty, `O_EXCL` made sure it is ours) is removed and the
 * archive refused before a byte is written.
 */
async function checkOpened(handle: FileHandle, destination: string, name: string): Promise<void> {
  let opened: string;
  try {
    opened = await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    opened = await realpath(destination);
  }
  if (opened === destination) return;
  await unlink(opened).catch(() => {});
  throw new UnsafeArchiveError(
    `entry ${shown(name)} was being written outside the install folder (a folder was swapped for a link while unpacking)`,
  );
}
