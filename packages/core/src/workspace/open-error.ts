import { TinyElfError } from '../errors/tinyelf-error';

/**
 * The error of a failed open, for a message the model can act on. `isLink` tells whether the
 * path is now a symbolic link (opening a folder with `O_NOFOLLOW` gives `ENOTDIR` for one).
 */
export function openError(error: unknown, path: string, isLink: () => boolean): unknown {
  let code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR' && isLink()) code = 'ELOOP';
  if (code === 'ENOENT')
    return new TinyElfError({
      code: 'FILE_NOT_FOUND',
      message: `"${path}" does not exist.`,
      cause: error,
    });
  if (code === 'EACCES' || code === 'EPERM')
    return new TinyElfError({
      code: 'PERMISSION_DENIED',
      message: `"${path}" cannot be accessed (permission denied).`,
      cause: error,
    });
  if (code === 'ENOTDIR')
    return new TinyElfError({
      code: 'NOT_A_DIRECTORY',
      message: `"${path}" is a file, not a folder.`,
      cause: error,
    });
  if (code === 'ELOOP')
    return new TinyElfError({
      code: 'PATH_CHANGED',
      message: `"${path}" became a symbolic link while it was being opened; try again.`,
      cause: error,
    });
  return error;
}
