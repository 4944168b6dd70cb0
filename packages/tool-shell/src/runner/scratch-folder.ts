import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statfsSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Free space a command's output file needs beyond the ceiling: the file may pass the ceiling by
 * what the command writes before the reader cuts it back.
 */
const FREE_SPACE_MARGIN = 64 * 1024 * 1024;
/** Scratch files older than this (left by a process that died mid-call) are removed. */
const STALE_MS = 86_400_000;

/** A command's output file, opened before the command starts; the command writes into it. */
export interface ScratchFile {
  /** Where it is (in the scratch folder, outside the workspace). */
  readonly path: string;
  /** Open for reading and appending; handed to the command as its fd 1 and 2. */
  readonly fd: number;
}

/** The default scratch folder: one per user in the system's temporary folder. */
export function defaultScratchFolder(): string {
  return join(tmpdir(), `tinyelf-bash-${process.getuid?.() ?? 'user'}`);
}

const folders = new Map<string, boolean>();
/** A random part drawn once per process, then a counter: the names cannot repeat (`O_EXCL` checks anyway). */
let namePrefix: string | undefined;
let nameCounter = 0;
const sameDevice = new Map<string, boolean>();

/**
 * Whether the scratch folder can be used: made once per process (private to the user), and a
 * real folder of ours.
 */
export function usableScratchFolder(folder: string): boolean {
  let ready = folders.get(folder);
  if (ready !== undefined) return ready;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const info = lstatSync(folder);
    const uid = process.getuid?.();
    ready = info.isDirectory() && (uid === undefined || info.uid === uid);
  } catch {
    ready = false;
  }
  folders.set(folder, ready);
  if (ready) setTimeout(() => removeStale(folder), 1000).unref();
  return ready;
}

/** Removes scratch files a process that died mid-call left behind (once per folder and process). */
function removeStale(folder: string): void {
  try {
    const now = Date.now();
    for (const name of readdirSync(folder)) {
      if (!name.endsWith('.out')) continue;
      const path = join(folder, name);
      try {
        if (now - statSync(path).mtimeMs > STALE_MS) unlinkSync(path);
      } catch {
        // gone, or not ours to remove
      }
    }
  } catch {
    // the folder went away
  }
}

/** The device of `path`, or of its nearest folder that exists (the spill folder may not yet). */
function deviceOf(path: string): number | undefined {
  for (let current = path; ; current = dirname(current)) {
    try {
      return statSync(current).dev;
    } catch {
      if (dirname(current) === current) return undefined;
    }
  }
}

/**
 * Opens a new scratch file for a command's output, or says why not (the caller then pipes the
 * output through Node instead): the folder cannot be created or written, it is on another file
 * system than the spill folder (the file could not be moved there without a copy), or it has
 * less free space than the ceiling plus a margin (a command writing to a full disk would see its
 * own writes fail). Synchronous: a handful of system calls, cheaper than a trip to the thread
 * pool on the hot path of a short command.
 */
export function openScratchFile(
  folder: string,
  spillDirectory: string,
  ceiling: number,
): ScratchFile | string {
  if (!usableScratchFolder(folder)) return `the scratch folder ${folder} cannot be used`;
  const key = `${folder}\0${spillDirectory}`;
  let same = sameDevice.get(key);
  if (same === undefined) {
    const device = deviceOf(spillDirectory);
    same = device !== undefined && device === deviceOf(folder);
    sameDevice.set(key, same);
  }
  if (!same) return `the scratch folder ${folder} is on another file system than ${spillDirectory}`;
  try {
    const { bavail, bsize } = statfsSync(folder);
    if (bavail * bsize < ceiling + FREE_SPACE_MARGIN)
      return `the scratch folder ${folder} has less free space than the ceiling`;
  } catch {
    // statfs unsupported: try the file anyway
  }
  namePrefix ??= randomBytes(6).toString('hex');
  const path = join(folder, `${process.pid}-${namePrefix}-${(nameCounter++).toString(36)}.out`);
  try {
    const fd = openSync(
      path,
      constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND,
      0o600,
    );
    return { path, fd };
  } catch (error) {
    return `the scratch file could not be created (${(error as Error).message})`;
  }
}

/** Closes and removes a scratch file (it was not worth keeping). */
export function discardScratchFile(file: ScratchFile): void {
  try {
    closeSync(file.fd);
  } catch {
    // closed already
  }
  try {
    unlinkSync(file.path);
  } catch {
    // moved or removed already
  }
}
