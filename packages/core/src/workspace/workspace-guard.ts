import { closeSync, lstatSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { PathOutsideWorkspaceError } from '../errors/path-outside-workspace-error';
import { TinyElfError } from '../errors/tinyelf-error';
import { openError } from './open-error';
import { type OpenedObject, openAndLocate } from './opened-folder';
import { realLocation } from './real-location';

export { realLocation } from './real-location';

/** Options of a {@link WorkspaceGuard}. */
export interface WorkspaceGuardOptions {
  /** The workspace root; relative paths resolve against it. */
  readonly workspaceRoot: string;
  /** Refuse every path whose real location is outside the root (and `allowedPaths`). @default true */
  readonly restrictToWorkspace?: boolean;
  /** More folders the tools may use even when restricted (real locations, checked like the root). @default [] */
  readonly allowedPaths?: readonly string[];
  /** Folders (or files) refused even inside the workspace or when unrestricted. @default [] */
  readonly deniedPaths?: readonly string[];
}

/** A path the guard accepted and opened (see {@link WorkspaceGuard.open}). */
export interface OpenedPath {
  /** The path as checked before it was opened. */
  readonly guarded: GuardedPath;
  /** What was opened: its descriptor (the caller closes it), its `fstat`, its real location. */
  readonly opened: OpenedObject;
}

/** A path the guard accepted. */
export interface GuardedPath {
  /** The path as the caller gave it. */
  readonly requested: string;
  /** The real location (symbolic links resolved, for a new file through its existing parent). Use this for I/O. */
  readonly real: string;
  /** `real` relative to the workspace root (`.` for the root); starts with `..` when outside. */
  readonly relative: string;
  /** Whether something exists at the real location. */
  readonly exists: boolean;
}

/**
 * The workspace path guard every file-touching tool uses. A relative path resolves against the
 * workspace root and an absolute one is taken as given (no `~` or `$VAR` expansion). With
 * `restrictToWorkspace`, a path is refused when its real location is outside the root: `..`
 * segments, absolute paths, symbolic links (followed for the file and every parent, dangling ones
 * included), `/proc/self/root`, a sibling folder whose name starts with the root's name. NUL bytes
 * are refused always. The error names the root and never shows content from outside.
 */
export class WorkspaceGuard {
  /** The real location of the workspace root. */
  readonly root: string;
  /** Whether paths outside the root are refused. */
  readonly restrictToWorkspace: boolean;
  private readonly allowedRoots: readonly string[];
  private readonly deniedRoots: readonly string[];

  constructor(options: WorkspaceGuardOptions) {
    if (typeof options.workspaceRoot !== 'string' || options.workspaceRoot === '') {
      throw new TypeError('WorkspaceGuard needs a workspaceRoot (a folder path).');
    }
    const absoluteRoot = resolve(options.workspaceRoot);
    this.root = realLocation(absoluteRoot);
    this.restrictToWorkspace = options.restrictToWorkspace ?? true;
    this.allowedRoots = (options.allowedPaths ?? []).map((path) =>
      realLocation(resolve(this.root, path)),
    );
    this.deniedRoots = (options.deniedPaths ?? []).map((path) =>
      realLocation(resolve(this.root, path)),
    );
  }

  /**
   * Resolves a path the model gave and checks it. Throws {@link PathOutsideWorkspaceError} when
   * it is outside (or denied), and a `TinyElfError` with code `INVALID_PATH` for a path that is
   * not a non-empty string or contains a NUL byte.
   */
  resolve(path: string): GuardedPath {
    if (typeof path !== 'string' || path.length === 0) {
      throw new TinyElfError({
        code: 'INVALID_PATH',
        message: 'The path is empty; give a file or folder path.',
      });
    }
    if (path.includes('\0')) {
      throw new TinyElfError({
        code: 'INVALID_PATH',
        message: 'The path contains a NUL byte, which no file name can hold.',
      });
    }
    const absolute = isAbsolute(path) ? resolve(path) : resolve(this.root, path);
    let real: string;
    try {
      real = realLocation(absolute);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
        throw new TinyElfError({
          code: 'INVALID_PATH',
          message: `The path "${path}" goes through a loop of symbolic links.`,
          cause: error,
        });
      }
      throw error;
    }
    const relativePath = relative(this.root, real) || '.';
    const refusal = this.refusal(
      path,
      real,
      real === absolute ? '' : ' (it resolves through a symbolic link)',
    );
    if (refusal) throw refusal;
    return { requested: path, real, relative: relativePath, exists: exists(real) };
  }

  /**
   * Resolves and checks a path as {@link WorkspaceGuard.resolve} does, opens it, then checks the
   * object actually opened, so that nothing swapped in between (a folder or file replaced by a
   * symbolic link, on any part of the path) is ever used: the last part is opened with
   * `O_NOFOLLOW` (and `O_NONBLOCK` for files, so a pipe never blocks), and the opened object's
   * real location is read back through the descriptor (`/proc/self/fd/<n>` on Linux; elsewhere
   * by comparing the descriptor's device and inode with an `lstat` of the checked path, which
   * narrows the window to two system calls but cannot close it) and must itself be allowed. Use
   * only the returned descriptor afterwards, never the path. The caller closes the descriptor.
   *
   * Errors (`TinyElfError`): `FILE_NOT_FOUND`, `PERMISSION_DENIED`, `NOT_A_DIRECTORY` (a folder
   * was asked for), `PATH_CHANGED` (it became a symbolic link or vanished while being opened),
   * and {@link PathOutsideWorkspaceError} when the opened object is outside.
   */
  open(path: string, kind: 'file' | 'folder'): OpenedPath {
    const guarded = this.resolve(path);
    let opened: OpenedObject;
    try {
      opened = openAndLocate(guarded.real, kind);
    } catch (error) {
      throw openError(error, path, () => isSymbolicLink(guarded.real));
    }
    const refusal =
      opened.location === undefined
        ? new TinyElfError({
            code: 'PATH_CHANGED',
            message: `"${path}" changed while it was being opened; try again.`,
          })
        : this.refusal(path, opened.location, ' (it changed while being opened)');
    if (refusal) {
      closeSync(opened.descriptor);
      throw refusal;
    }
    return { guarded, opened };
  }

  /** Whether a real location may be used: not denied, and allowed when restricted. */
  permits(realPath: string): boolean {
    return this.refusal(realPath, realPath, '') === undefined;
  }

  /**
   * {@link WorkspaceGuard.resolve} for a path about to be written: when restricted, an existing
   * file with more than one hard link is refused too, since another of its names may be outside
   * the workspace and writing through this one would change it (or show its content).
   */
  resolveForWrite(path: string): GuardedPath {
    const guarded = this.resolve(path);
    if (!this.restrictToWorkspace || !guarded.exists) return guarded;
    const info = lstatSync(guarded.real);
    if (info.isFile() && info.nlink > 1) {
      throw new PathOutsideWorkspaceError({
        requestedPath: path,
        workspaceRoot: this.root,
        message: `The file "${path}" has ${info.nlink} hard links; another of its names may be outside the workspace ${this.root}, so it is not changed through this one.`,
      });
    }
    return guarded;
  }

  /** Whether a real location lies inside the root or an allowed folder. */
  isAllowed(realPath: string): boolean {
    return (
      isWithin(this.root, realPath) || this.allowedRoots.some((root) => isWithin(root, realPath))
    );
  }

  /** Whether a real location lies inside the workspace root. */
  isInsideRoot(realPath: string): boolean {
    return isWithin(this.root, realPath);
  }

  /** A real location shown relative to the root when inside it, absolute otherwise. */
  display(realPath: string): string {
    return isWithin(this.root, realPath) ? relative(this.root, realPath) || '.' : realPath;
  }
  /** Why a real location may not be used, or undefined when it may. */
  private refusal(path: string, real: string, through: string): TinyElfError | undefined {
    const denied = this.deniedRoots.find((root) => isWithin(root, real));
    if (denied) {
      return new PathOutsideWorkspaceError({
        requestedPath: path,
        workspaceRoot: this.root,
        message: `Access to "${path}" is denied by configuration (${denied} is off limits).`,
      });
    }
    if (this.restrictToWorkspace && !this.isAllowed(real)) {
      return new PathOutsideWorkspaceError({
        requestedPath: path,
        workspaceRoot: this.root,
        message: `The path "${path}" is outside the workspace ${this.root}${through}; only files inside the workspace can be used.`,
      });
    }
    return undefined;
  }
}

/** Whether `path` is `root` or lies below it (separator-aware: `/ws_evil` is not in `/ws`). */
export function isWithin(root: string, path: string): boolean {
  if (path === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return path.startsWith(prefix);
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
