import type { Stats } from 'node:fs';
import { readWhole } from '../descriptor-read';
import { type FileStateTracker, hashContent } from '../file-state-tracker';

/** A file Read opened and verified through the workspace guard; only its descriptor is read. */
export interface OpenedFile {
  /** The path as the model gave it, for messages. */
  readonly path: string;
  /** Where the file really is (the key of what was read, for Edit and Write). */
  readonly real: string;
  /** The open, verified file. */
  readonly descriptor: number;
  /** Its `fstat`. */
  readonly info: Stats;
  /** Its first bytes (8 KB). */
  readonly sample: Buffer;
}

/** The whole file, recorded as read (its hash, size and time) so that Edit and Write accept it. */
export async function readRecorded(file: OpenedFile, tracker: FileStateTracker): Promise<Buffer> {
  const bytes = await readWhole(file.descriptor, file.info.size);
  tracker.record(file.real, {
    hash: hashContent(bytes),
    size: bytes.length,
    modifiedMs: file.info.mtimeMs,
  });
  return bytes;
}
