import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { TinyElfError } from '@tinyelf/core';

/** `stat` of a resolved path, with a clear error for a missing one. */
export async function statOrExplain(realPath: string, requested: string): Promise<Stats> {
  try {
    return await stat(realPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new TinyElfError({
        code: 'FILE_NOT_FOUND',
        message: `"${requested}" does not exist.`,
        cause: error,
      });
    }
    if (code === 'EACCES' || code === 'EPERM') {
      throw new TinyElfError({
        code: 'PERMISSION_DENIED',
        message: `"${requested}" cannot be accessed (permission denied).`,
        cause: error,
      });
    }
    throw error;
  }
}

/** What kind of non-regular file this is, for messages. */
export function describeNonRegular(info: Stats): string {
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isDirectory()) return 'a folder';
  return 'not a regular file';
}
