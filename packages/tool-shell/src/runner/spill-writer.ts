import { write } from 'node:fs';
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
  /**
   * The folder `open` creates its files in (`ToolContext.outputLimit.spillDirectory`). With it and
   * `scratchFolder`, the command writes its output straight into a file (see `FileOutput`).
   */
  readonly directory?: string;
  /**
   * Where the command's output file is created while it runs: outside the workspace (a command
   * running `git add -A` must not find it), on the same file system as `directory` (it is renamed
   * there once the output is cut).
   */
  readonly scratchFolder?: string;
}

/** The size of each of the two write buffers. */
const BUFFER_BYTES = 1 << 20;
/** A buffer is written once it holds this much, or {@link FLUSH_DELAY_MS} after its first byte. */
const WRITE_BYTES = 1 << 18;
const FLUSH_DELAY_MS = 50;

/**
 * Streams a command's raw output into a spill file. It is opened only once the output is too
 * long to show whole (short outputs leave no file behind). Output is copied into one of two
 * fixed buffers while the other is being written, so the pipe's chunks die young (no garbage
 * piles up) and memory stays at two buffers: when both are busy, `push` says to pause the pipe
 * until `resume` is called, so a slow disk slows the command instead of filling memory. A
 * failure (unwritable folder, full disk) stops the saving, removes the partial file and is
 * reported by `finish`; the command itself runs on.
 */
export class SpillWriter {
  private file: SpillFile | undefined;
  private opening: Promise<void> | undefined;
  private fill = Buffer.allocUnsafe(0);
  private fillLength = 0;
  private spare = Buffer.allocUnsafe(0);
  private writing = false;
  /** A chunk that came while both buffers were busy (the pipe is paused until it is taken). */
  private waiting: Buffer | undefined;
  /** Chunks that came while the file was being opened. */
  private readonly early: Buffer[] = [];
  private written = 0;
  private accepted = 0;
  private skipped = 0;
  private failure: string | undefined;
  private idle: (() => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly target: SpillTarget,
    private readonly resume: () => void,
  ) {}

  /** Whether bytes are still on their way to the file. */
  get busy(): boolean {
    return (
      this.opening !== undefined ||
      this.writing ||
      this.waiting !== undefined ||
      (this.file !== undefined && this.fillLength > 0)
    );
  }

  /**
   * Opens the file and writes what was received so far; resolves false while it opens (pause the
   * pipe; `resume` is called once it is open).
   */
  start(received: Buffer): boolean {
    if (!this.target.open) return true;
    this.opening = this.open(received);
    return false;
  }

  private async open(received: Buffer): Promise<void> {
    try {
      this.file = await (this.target.open as () => Promise<SpillFile>)();
      this.fill = Buffer.allocUnsafe(BUFFER_BYTES);
      this.spare = Buffer.allocUnsafe(BUFFER_BYTES);
      const first = this.ceiling(received);
      for (let offset = 0; offset < first.length; ) {
        const { bytesWritten } = await this.file.handle.write(first, offset);
        offset += bytesWritten;
        this.written += bytesWritten;
      }
      for (const chunk of this.early.splice(0)) {
        const bytes = this.ceiling(chunk);
        for (let offset = 0; offset < bytes.length; ) {
          const { bytesWritten } = await this.file.handle.write(bytes, offset);
          offset += bytesWritten;
          this.written += bytesWritten;
        }
      }
    } catch (error) {
      await this.fail(error as Error);
    }
    this.opening = undefined;
    this.settle();
    this.resume();
  }

  /** Takes more output; false when the pipe should pause until `resume` is called. */
  push(chunk: Buffer): boolean {
    if (this.opening && !this.failure) {
      // A pipe may deliver a chunk or two more after it was paused: kept for when the file is open.
      this.early.push(chunk);
      return false;
    }
    if (!this.file || this.failure) return true;
    const bytes = this.ceiling(chunk);
    if (bytes.length === 0) return true;
    if (this.fillLength + bytes.length > this.fill.length && this.writing) {
      this.waiting = bytes;
      return false;
    }
    this.take(bytes);
    return true;
  }

  /**
   * Copies bytes into the buffer being filled, and writes it when no write is under way. Called
   * when no write is under way or the bytes fit (`push` keeps them waiting otherwise).
   */
  private take(bytes: Buffer): void {
    if (this.fillLength + bytes.length > this.fill.length) {
      this.flush();
      // Only a chunk larger than a whole buffer (never one from a pipe) gets a buffer of its own.
      if (this.fillLength + bytes.length > this.fill.length) {
        const larger = Buffer.allocUnsafe(this.fillLength + bytes.length);
        this.fill.copy(larger, 0, 0, this.fillLength);
        this.fill = larger;
      }
    }
    bytes.copy(this.fill, this.fillLength);
    this.fillLength += bytes.length;
    if (this.fillLength >= WRITE_BYTES) this.flush();
    // Output that trickles in still reaches the file soon (a few large writes, not many small).
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_DELAY_MS);
  }

  /** The part of `chunk` under the ceiling; the rest is counted as skipped. */
  private ceiling(chunk: Buffer): Buffer {
    const room = Math.max(0, this.target.maxBytes - this.accepted);
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.accepted += kept.length;
    this.skipped += chunk.length - kept.length;
    return kept;
  }

  /** Starts writing the filled buffer, unless a write is under way or it is empty. */
  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const file = this.file;
    if (!file || this.writing || this.fillLength === 0) return;
    [this.fill, this.spare] = [this.spare, this.fill];
    const length = this.fillLength;
    this.fillLength = 0;
    this.writing = true;
    this.writeOut(file, this.spare, 0, length);
  }

  private writeOut(file: SpillFile, buffer: Buffer, offset: number, length: number): void {
    write(file.handle.fd, buffer, offset, length - offset, null, (error, bytesWritten) => {
      if (error) {
        this.writing = false;
        this.waiting = undefined;
        void this.fail(error).then(() => this.settle());
        this.resume();
        return;
      }
      this.written += bytesWritten;
      if (offset + bytesWritten < length) {
        this.writeOut(file, buffer, offset + bytesWritten, length);
        return;
      }
      this.writing = false;
      // Start writing the buffer that filled meanwhile; the one just written takes the waiting chunk.
      this.flush();
      const waiting = this.waiting;
      this.waiting = undefined;
      if (waiting) {
        this.take(waiting);
        this.resume();
      }
      this.settle();
    });
  }

  private async fail(error: Error): Promise<void> {
    if (this.failure) return;
    this.failure = `it could not be saved (${error.message}); the partial file was removed`;
    if (!this.file) {
      this.failure = `it could not be saved (${error.message})`;
      return;
    }
    const file = this.file;
    this.file = undefined;
    await file.handle.close().catch(() => undefined);
    await unlink(file.path).catch(() => undefined);
  }

  private settle(): void {
    if (!this.busy) this.idle?.();
  }

  /** Waits for the last writes, closes the file; says where the output is or why it is not. */
  async finish(): Promise<SavedOutput> {
    this.flush();
    if (this.busy) await new Promise<void>((resolve) => (this.idle = resolve));
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
