import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpillFile } from '../tool/tool-output';

/** How the registry keeps the full text of outputs it had to cut. */
export interface OutputSpillOptions {
  /** Where full outputs are written. */
  readonly directory: string;
  /** Files older than this are removed when a new one is written. @default 86_400_000 (a day) */
  readonly maxAgeMs?: number;
  /** At most this many files are kept; the oldest go first. @default 100 */
  readonly maxFiles?: number;
}

/**
 * Writes a tool's full output to a new file in the spill directory and prunes old files.
 * Resolves to the file's path.
 */
export async function spillOutput(
  options: OutputSpillOptions,
  toolName: string,
  content: string,
): Promise<string> {
  const file = await openSpillFile(options, toolName);
  try {
    await file.handle.writeFile(content, 'utf8');
  } finally {
    await file.handle.close();
  }
  return file.path;
}

/**
 * Creates a new, empty file for a tool's full output in the spill directory (creating the
 * directory), prunes old files, and resolves to the open file; the caller closes it. Rejects when
 * the directory cannot be written.
 */
export async function openSpillFile(
  options: OutputSpillOptions,
  toolName: string,
): Promise<SpillFile> {
  await mkdir(options.directory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const path = join(
    options.directory,
    `${stamp}-${toolName.replace(/[^a-zA-Z0-9_-]/g, '_')}-${randomBytes(4).toString('hex')}.txt`,
  );
  const handle = await open(path, 'wx');
  beingWritten.add(path);
  // A FileHandle is an EventEmitter that emits 'close' (Node >= 15.4); @types/node omits it.
  (handle as unknown as EventEmitter).once('close', () => beingWritten.delete(path));
  await pruneSpillDirectory(options).catch(() => undefined);
  return { path, handle };
}

/**
 * The spill files this process opened and has not closed yet: a tool may still be streaming into
 * one (Bash writes a command's output while it runs), so pruning never removes them, however many
 * files there are or however old they are. (A file another process is writing is not known here.)
 */
const beingWritten = new Set<string>();

async function pruneSpillDirectory(options: OutputSpillOptions): Promise<void> {
  const maxAgeMs = options.maxAgeMs ?? 86_400_000;
  const maxFiles = options.maxFiles ?? 100;
  const names = (await readdir(options.directory)).filter((name) => name.endsWith('.txt'));
  const files = await Promise.all(
    names.map(async (name) => {
      const path = join(options.directory, name);
      const info = await stat(path).catch(() => undefined);
      return { path, modified: info?.mtimeMs ?? 0 };
    }),
  );
  files.sort((a, b) => b.modified - a.modified);
  const now = Date.now();
  await Promise.all(
    files
      .filter(
        (file, index) =>
          !beingWritten.has(file.path) && (index >= maxFiles || now - file.modified > maxAgeMs),
      )
      .map((file) => unlink(file.path).catch(() => undefined)),
  );
}
