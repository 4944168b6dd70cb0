import { randomBytes } from 'node:crypto';
import { mkdir, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PathOutsideWorkspaceError } from '@tinyelf/core';

/**
 * Writes a file atomically: the bytes go to a temporary file beside it, are flushed to disk, and
 * the temporary file is renamed over the target, so a crash or a full disk never leaves a
 * half-written file. An existing file keeps its mode. Parent folders are created. Before the
 * rename, the folder is checked to still be where it was resolved to (a folder swapped for a
 * symbolic link in between is refused).
 */
export async function writeFileAtomically(
  realPath: string,
  content: Buffer,
  isAllowed: (realPath: string) => boolean,
): Promise<{ created: boolean }> {
  const folder = dirname(realPath);
  await mkdir(folder, { recursive: true });
  const previous = await stat(realPath).catch(() => undefined);
  const temporary = join(folder, `.${basename(realPath)}.${randomBytes(6).toString('hex')}.tinyelf-tmp`);
  const handle = await open(temporary, 'wx', previous ? previous.mode & 0o7777 : 0o666);
  try {
    await handle.writeFile(content);
    if (previous) await handle.chmod(previous.mode & 0o7777);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    const actualFolder = await realpath(folder);
    if (actualFolder !== folder || !isAllowed(actualFolder)) {
      throw new PathOutsideWorkspaceError({
        requestedPath: realPath,
        workspaceRoot: folder,
        message: `The folder of "${realPath}" changed while it was being written (it now resolves elsewhere); nothing was written.`,
      });
    }
    await rename(temporary, realPath);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return { created: !previous };
}
