import {
  closeSync,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  type Stats,
} from 'node:fs';
import { join, sep } from 'node:path';
import {
  descriptorPath,
  descriptorPathsWork,
  FILE_OPEN_FLAGS,
  FOLDER_OPEN_FLAGS,
  openedLocation,
} from './descriptor-location';

/** An object opened by path and located through its descriptor. The caller closes `descriptor`. */
export interface OpenedObject {
  /** The open descriptor. */
  readonly descriptor: number;
  /** `fstat` of the descriptor: what was really opened. */
  readonly info: Stats;
  /** Where the opened object really is, or undefined when that cannot be established. */
  readonly location: string | undefined;
}

/**
 * Opens `path` without following a symbolic link as its last part (`O_NOFOLLOW`; a named pipe
 * does not block), then asks where the opened object really is (see `openedLocation`). Throws
 * the open's own errors: `ENOENT`, `ELOOP` (the last part is a symbolic link), `ENOTDIR`, ...
 */
export function openAndLocate(path: string, kind: 'file' | 'folder'): OpenedObject {
  const descriptor = openSync(path, kind === 'file' ? FILE_OPEN_FLAGS : FOLDER_OPEN_FLAGS);
  try {
    const info = fstatSync(descriptor);
    return { descriptor, info, location: openedLocation(descriptor, path, info) };
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
}

/**
 * A folder held open by descriptor, whose entries are listed, opened and inspected through that
 * descriptor, never by resolving the folder's path again. On Linux every entry is reached as
 * `/proc/self/fd/<n>/<name>`, which the kernel resolves inside the folder actually held open (as
 * `openat` does), and entries are opened with `O_NOFOLLOW`: a folder or file swapped for a
 * symbolic link at any moment of a walk leads nowhere outside. Without procfs (macOS, Windows)
 * entries are reached by path and each opened entry is compared with an `lstat` of that path
 * (device and inode), which narrows the race but cannot close it.
 */
export class OpenedFolder {
  private readonly access: string;

  /**
   * Takes over an open folder descriptor whose real location has been established (see
   * {@link openAndLocate}); {@link OpenedFolder.close} closes it.
   */
  constructor(
    /** The open descriptor. */
    readonly descriptor: number,
    /** Where the folder really is (the paths of its entries are built on it). */
    readonly location: string,
  ) {
    this.access = descriptorPathsWork() ? descriptorPath(descriptor) : location;
  }

  /** Where an entry is, for showing and matching (`location/name`). */
  locationOf(name: string): string {
    return join(this.location, name);
  }

  /** The entries, read through the descriptor. */
  entries(): Dirent[] {
    return readdirSync(this.access, { withFileTypes: true });
  }

  /** `lstat` of an entry, looked up inside this folder; undefined when it is gone. */
  statEntry(name: string): Stats | undefined {
    try {
      return lstatSync(join(this.access, name));
    } catch {
      return undefined;
    }
  }

  /** The target of an entry that is a symbolic link (read, not followed); undefined otherwise. */
  linkTarget(name: string): string | undefined {
    try {
      return readlinkSync(join(this.access, name));
    } catch {
      return undefined;
    }
  }

  /** Opens a sub-folder (not through a symbolic link); undefined when it is gone or not a folder. */
  openFolder(name: string): OpenedFolder | undefined {
    const descriptor = this.openEntry(name, 'folder');
    return descriptor === undefined
      ? undefined
      : new OpenedFolder(descriptor, this.locationOf(name));
  }

  /**
   * Opens a regular file of this folder for reading (not through a symbolic link, never a pipe or
   * device); undefined when it is gone or not a regular file. The caller closes the descriptor.
   */
  openFile(name: string): OpenedObject | undefined {
    const descriptor = this.openEntry(name, 'file');
    if (descriptor === undefined) return undefined;
    try {
      const info = fstatSync(descriptor);
      if (info.isFile()) return { descriptor, info, location: this.locationOf(name) };
    } catch {
      // gone
    }
    closeSync(descriptor);
    return undefined;
  }

  /**
   * Opens an entry for reading as {@link OpenedFolder.openFile} does, without its `fstat`: for a
   * caller that reads many files and checks the few it keeps. The entry was a regular file when
   * listed, but may have been swapped for a pipe or device since (which then does not block); the
   * caller `fstat`s what it uses. Undefined when it cannot be opened.
   */
  openFileDescriptor(name: string): number | undefined {
    return this.openEntry(name, 'file');
  }

  /** Closes the descriptor. */
  close(): void {
    closeSync(this.descriptor);
  }

  private openEntry(name: string, kind: 'file' | 'folder'): number | undefined {
    if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes(sep))
      return undefined;
    const flags = kind === 'file' ? FILE_OPEN_FLAGS : FOLDER_OPEN_FLAGS;
    if (descriptorPathsWork()) {
      try {
        return openSync(`${this.access}/${name}`, flags);
      } catch {
        return undefined;
      }
    }
    const location = this.locationOf(name);
    let opened: OpenedObject;
    try {
      opened = openAndLocate(location, kind);
    } catch {
      return undefined;
    }
    if (opened.location === location) return opened.descriptor;
    closeSync(opened.descriptor);
    return undefined;
  }
}
