import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  type Stats,
} from 'node:fs';
import { realLocation } from './real-location';

/**
 * The flags that open a file for reading without following a symbolic link as its last part
 * and without blocking on a named pipe or a device (the object is checked before it is read).
 */
export const FILE_OPEN_FLAGS =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The flags that open a folder (and nothing else) without following a symbolic link as its last part. */
export const FOLDER_OPEN_FLAGS =
  constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

let procFileDescriptors: boolean | undefined;

/**
 * Whether `/proc/self/fd/<n>` works here (Linux with procfs mounted): reading that link gives the
 * real location of what a descriptor refers to, and a path through it (`/proc/self/fd/<n>/name`)
 * is resolved inside the very folder that descriptor holds open, the way `openat` does. Checked
 * once per process.
 */
export function descriptorPathsWork(): boolean {
  if (procFileDescriptors === undefined) {
    procFileDescriptors = false;
    if (process.platform === 'linux') {
      try {
        const descriptor = openSync('/', FOLDER_OPEN_FLAGS);
        try {
          procFileDescriptors = readlinkSync(descriptorPath(descriptor)) === '/';
        } finally {
          closeSync(descriptor);
        }
      } catch {
        procFileDescriptors = false;
      }
    }
  }
  return procFileDescriptors;
}

/** The `/proc/self/fd` path of a descriptor (meaningful only where {@link descriptorPathsWork}). */
export function descriptorPath(descriptor: number): string {
  return `/proc/self/fd/${descriptor}`;
}

/**
 * Where the object an open descriptor refers to really is, or undefined when that cannot be
 * established (it was deleted, or it is not what `path` names).
 *
 * On Linux this is the kernel's answer, read from `/proc/self/fd/<descriptor>`: it does not
 * depend on any path being resolved again, so a folder swapped for a symbolic link between a
 * check and the open shows up as the outside location it really is.
 *
 * Elsewhere (no procfs) it falls back to comparing identities: the descriptor's `fstat` device
 * and inode must equal an `lstat` of `path`, and `path` must contain no symbolic link now. That
 * narrows the window between check and use to two system calls but cannot close it; the OS
 * sandbox is the remaining guard there.
 */
export function openedLocation(descriptor: number, path: string, info?: Stats): string | undefined {
  const opened = info ?? fstatSync(descriptor);
  if (opened.nlink === 0) return undefined;
  if (descriptorPathsWork()) {
    try {
      return readlinkSync(descriptorPath(descriptor));
    } catch {
      return undefined;
    }
  }
  try {
    const named = lstatSync(path);
    if (named.dev !== opened.dev || named.ino !== opened.ino) return undefined;
    return realLocation(path) === path ? path : undefined;
  } catch {
    return undefined;
  }
}
