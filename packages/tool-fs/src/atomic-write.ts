import { randomBytes } from 'node:crypto';
import { mkdir, open, readlink, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PathOutsideWorkspaceError, TinyElfError } from '@tinyelf/core';

/**
 * Writes a file atomically: the bytes go to a temporary file beside it, are flushed to disk, and
 * the temporary file is renamed over the target, so a crash or a full disk never leaves a
 * half-written file. An existing file keeps its mode. Parent folders are created. Before the
 * rename, the folder is checked to still be where it was resolved to (a folder swapped for a
 * symbolic link in between is refused), and `beforeRename` runs: it may throw to keep the target
 * as it is (Edit checks there that nobody changed the file meanwhile). On any error the temporary
 * file is removed and the target is untouched.
 */
export async function writeFileAtomically(
  realPath: string,
  content: Buffer,
  isAllowed: (realPath: string) => boolean,
  beforeRename?: () => Promise<void>,
): Promise<{ created: boolean }> {
  const folder = dirname(realPath);
  await createFolders(folder, isAllowed);
  const previous = await stat(realPath).catch(() => undefined);
  const temporary = join(
    folder,
    `.${basename(realPath)}.${randomBytes(6).toString('hex')}.tinyelf-tmp`,
  );
  const handle = await open(temporary, 'wx', previous ? previous.mode & 0o7777 : 0o666).catch(
    (error: unknown) => {
      throw explainWriteFailure(error, realPath, previous !== undefined);
    },
  );
  try {
    // The folder may have been swapped for a symbolic link since it was checked: ask the kernel
    // where the file it just created really is, and remove it if that is outside.
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (opened !== undefined && (dirname(opened) !== folder || !isAllowed(opened))) {
      await unlink(opened).catch(() => undefined);
      throw changedWhileWriting(realPath);
    }
    await handle.writeFile(content);
    if (previous) await handle.chmod(previous.mode & 0o7777);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw explainWriteFailure(error, realPath, previous !== undefined);
  }
  await handle.close();
  try {
    const actualFolder = await realpath(folder);
    if (actualFolder !== folder || !isAllowed(actualFolder)) throw changedWhileWriting(realPath);
    await beforeRename?.();
    await rename(temporary, realPath);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return { created: !previous };
}

/** Creates missing folders one level at a time, removing any that turns out to be outside. */
async function createFolders(
  folder: string,
  isAllowed: (realPath: string) => boolean,
): Promise<void> {
  const missing: string[] = [];
  for (
    let current = folder;
    !(await stat(current).catch(() => undefined));
    current = dirname(current)
  ) {
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const path of missing) {
    await mkdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const actual = await realpath(path);
    if (actual !== path || !isAllowed(actual)) {
      if (actual !== path) await rmdir(actual).catch(() => undefined);
      throw changedWhileWriting(path);
    }
  }
}

function changedWhileWriting(path: string): PathOutsideWorkspaceError {
  return new PathOutsideWorkspaceError({
    requestedPath: path,
    workspaceRoot: dirname(path),
    message: `A folder on the way to "${path}" changed while it was being written (it now resolves elsewhere, through a symbolic link); nothing was written.`,
  });
}

/** What the disk said, in words, for the failures a write can meet (full disk, quota, read-only). */
const WRITE_FAILURES: Record<string, { code: string; reason: string }> = {
  ENOSPC: { code: 'DISK_FULL', reason: 'there is no space left on the device' },
  EDQUOT: { code: 'DISK_QUOTA_EXCEEDED', reason: 'the disk quota is exhausted' },
  EFBIG: { code: 'FILE_TOO_LARGE', reason: 'the file would exceed the largest size allowed here' },
  EROFS: { code: 'READ_ONLY_FILE_SYSTEM', reason: 'the file system is read-only' },
};

function explainWriteFailure(error: unknown, path: string, existed: boolean): unknown {
  const known = WRITE_FAILURES[(error as NodeJS.ErrnoException)?.code ?? ''];
  if (!known) return error;
  return new TinyElfError({
    code: known.code,
    message: `Could not write "${path}": ${known.reason}. Nothing was written; ${existed ? 'the file keeps its previous content' : 'no file was created'}.`,
    cause: error,
  });
}
