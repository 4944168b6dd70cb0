import { createHash } from 'node:crypto';

/** What the tools last saw of a file: its content hash, or for a huge file its size and time. */
export interface FileState {
  readonly hash?: string;
  readonly size: number;
  readonly modifiedMs: number;
}

/**
 * Remembers what this registry's tools last read or wrote of each file, so that Edit can refuse a
 * file that changed on disk since (by someone else: the user, a formatter, another agent).
 */
export class FileStateTracker {
  private readonly states = new Map<string, FileState>();

  /** Records a file's state after a read or write. */
  record(realPath: string, state: FileState): void {
    this.states.set(realPath, state);
  }

  /** The last recorded state, if the file was read or written. */
  get(realPath: string): FileState | undefined {
    return this.states.get(realPath);
  }
}

/** The SHA-256 of a file's bytes. */
export function hashContent(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}
