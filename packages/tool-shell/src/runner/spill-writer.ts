import { unlink } from 'node:fs/promises';
import type { SavedOutput, SpillFile } from '@tinyelf/core';

/** Where a command's complete output may be saved, and how much of it at most. */
export interface SpillTarget {
  /** Opens a new file in the registry's spill folder (`ToolContext.outputLimit.openSpillFile`). */
  readonly open?: () => Promise<SpillFile>;
  /** Why there is no `open` (said in the mark when the output is cut). */
  readonly unavailable?: string;
  /** At most this many bytes are written; the rest of the output is counted only. */
  readonly maxBytes: number;
}

/**
 * Streams a command's raw output into a spill file. It is opened only once the output is too
 * long to show whole (short outputs leave no file behind); each write resolves when the bytes are
 * on their way to disk, so a slow disk slows the command (through the pipe) instead of filling
 * memory. A failure (unwritable folder, full disk) stops the saving, removes the partial file and
 * is reported in `finish`; the command itself runs on.
 */
export class SpillWriter {
  private file: SpillFile | undefined;
  private written = 0;
  private failure: string | undefined;
  private skipped = 0;

  constructor(private readonly target: SpillTarget) {}

  /** Opens the file and writes what was received so far. */
  async start(received: readonly Buffer[]): Promise<void> {
    if (!this.target.open) return;
    try {
      this.file = await this.target.open();
    } catch (error) {
      this.failure = `it could not be saved (${(error as Error).message})`;
      return;
    }
    await this.write(received);
  }

  /** Writes more output (up to the ceiling). */
  async write(chunks: readonly Buffer[]): Promise<void> {
    if (!this.file) return;
    const room = this.target.maxBytes - this.written;
    let kept = chunks;
    const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    if (size > room) {
      kept = [Buffer.concat(chunks).subarray(0, Math.max(0, room))];
      this.skipped += size - Math.max(0, room);
    }
    if (room <= 0) return;
    try {
      const { bytesWritten } = await this.file.handle.writev(kept);
      this.written += bytesWritten;
      const wanted = Math.min(size, room);
      if (bytesWritten < wanted) await this.writeRest(Buffer.concat(kept).subarray(bytesWritten));
    } catch (error) {
      await this.fail(error as Error);
    }
  }

  private async writeRest(rest: Buffer): Promise<void> {
    for (let offset = 0; offset < rest.length; ) {
      const { bytesWritten } = await (this.file as SpillFile).handle.write(rest, offset);
      offset += bytesWritten;
      this.written += bytesWritten;
    }
  }

  private async fail(error: Error): Promise<void> {
    const file = this.file as SpillFile;
    this.file = undefined;
    this.failure = `it could not be saved (${error.message}); the partial file was removed`;
    await file.handle.close().catch(() => undefined);
    await unlink(file.path).catch(() => undefined);
  }

  /** Closes the file; says where the output is, or why it is not (for the mark). */
  async finish(): Promise<SavedOutput> {
    if (this.failure) return { reason: this.failure };
    if (!this.file)
      return { reason: this.target.unavailable ?? 'saving full outputs is turned off' };
    const { path, handle } = this.file;
    this.file = undefined;
    await handle.close().catch(() => undefined);
    if (this.skipped === 0) return { path };
    return {
      path,
      reason: `only its first ${this.written} of ${this.written + this.skipped} bytes: the shell's spillMaxBytes ceiling`,
    };
  }
}
