import { fstatSync, ftruncateSync, read, readSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import type { SavedOutput, SpillFile } from '@tinyelf/core';
import type { EndedOutput } from './command-output';
import { countLineBreaks } from './line-breaks';
import { HeadTailBuffer } from './output-buffer';
import { OutputProgress, type ReportProgress } from './output-progress';
import { discardScratchFile, type ScratchFile } from './scratch-folder';
import type { SpillTarget } from './spill-writer';

/** How often the file is read for new output while the command runs. */
const POLL_MS = 50;
/** The size of a read (one buffer per running command, reused across calls). */
const READ_BYTES = 1 << 20;

/** At most this many reads catch up with the command before the file is cut back to the ceiling. */
const CATCH_UP_READS = 8;

const spareBuffers: Buffer[] = [];

/** What a command writing straight into a file needs besides the file. */
export interface FileOutputOptions {
  /** Bytes kept to show (head and tail). */
  readonly keepBytes: number;
  /** Where the file is moved once the output is longer than `keepBytes`, and the ceiling. */
  readonly spill: SpillTarget & { readonly open: () => Promise<SpillFile> };
  /** Progress as output arrives (rate-limited). */
  readonly onProgress?: ReportProgress;
}

/**
 * A command's output written by the command itself into a file (its fd 1 and 2 share one open
 * file description, opened for appending, so the bytes are in exactly the order it wrote them):
 * Node copies nothing on the way. The file is read behind the command, every {@link POLL_MS}
 * while it runs and to the end once it exited, for the head and tail kept to show, the line count
 * and the progress line. Once the output is longer than `keepBytes` the file is renamed over a new
 * file of the registry's spill folder (so it is the complete output, streaming there while the
 * command runs); a short output's file is removed. Past the ceiling (`spill.maxBytes`) the file is
 * cut back to the ceiling after each read: the command's later writes land at the new end and are
 * read and cut in turn, so the file ends up holding the first `maxBytes` bytes, the head and tail
 * shown are still the output's, and the command runs on.
 */
export class FileOutput {
  private readonly buffer: HeadTailBuffer;
  private readonly progress: OutputProgress | undefined;
  private lineBreaks = 0;
  /** The file offset read up to. */
  private position = 0;
  /** Bytes read past the ceiling and cut from the file. */
  private dropped = 0;
  private chunk: Buffer | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reading: Promise<void> | undefined;
  private ended = false;
  private promoting: Promise<void> | undefined;
  private spill: SpillFile | undefined;
  private failure: string | undefined;

  constructor(
    private readonly file: ScratchFile,
    private readonly options: FileOutputOptions,
  ) {
    this.buffer = new HeadTailBuffer(options.keepBytes);
    this.progress = options.onProgress
      ? new OutputProgress(options.onProgress, () => ({
          bytes: this.buffer.totalBytes,
          lineBreaks: this.lineBreaks,
          latest: () => this.buffer.latest(1024),
        }))
      : undefined;
  }

  /** The file descriptor to give the command as its standard output and error. */
  get fd(): number {
    return this.file.fd;
  }

  /** Bytes read from the file so far (the output's, past the ceiling too). */
  get receivedBytes(): number {
    return this.buffer.totalBytes;
  }

  /** Whether a read is under way (for the drain after the command exited; see `runCommand`). */
  get busy(): boolean {
    return this.reading !== undefined;
  }

  /** Starts reading the file behind the command. */
  start(): void {
    this.timer = setTimeout(() => {
      this.reading = this.readAvailable(false).then(() => {
        this.reading = undefined;
        if (!this.ended) this.start();
      });
    }, POLL_MS);
  }

  /** Reads what the command wrote since the last read; the first read synchronous if asked. */
  private async readAvailable(firstSync: boolean): Promise<void> {
    this.chunk ??= spareBuffers.pop() ?? Buffer.allocUnsafeSlow(READ_BYTES);
    const buffer = this.chunk;
    let sync = firstSync;
    for (;;) {
      let count: number;
      try {
        count = sync
          ? readSync(this.file.fd, buffer, 0, buffer.length, this.position)
          : await readAt(this.file.fd, buffer, this.position);
      } catch {
        break;
      }
      sync = false;
      if (count > 0) this.take(buffer.subarray(0, count));
      // A command writing faster than the file is read would keep this loop going: the ceiling
      // is checked after every read, not only once the reader caught up.
      this.keepUnderCeiling(buffer);
      if (count < buffer.length) break;
    }
  }

  private take(bytes: Buffer): void {
    this.lineBreaks += countLineBreaks(bytes);
    this.buffer.push(bytes);
    this.position += bytes.length;
    if (!this.promoting && this.buffer.totalBytes > this.options.keepBytes)
      this.promoting = this.promote();
    this.progress?.note();
  }

  /**
   * Past the ceiling: reads what came since (synchronously, so little can come in between; a few
   * buffers at most), then cuts the file back to the ceiling. Bytes the command wrote that were
   * not read by then (only a command writing faster than the file is read, or in the instant
   * between the last read and the cut) are counted from the file's size but are missing from the
   * line count, and the tail kept restarts after them.
   */
  private keepUnderCeiling(buffer: Buffer): void {
    const ceiling = this.options.spill.maxBytes;
    if (this.position <= ceiling) return;
    try {
      for (let reads = 0; reads < CATCH_UP_READS; reads++) {
        const count = readSync(this.file.fd, buffer, 0, buffer.length, this.position);
        if (count > 0) this.take(buffer.subarray(0, count));
        if (count < buffer.length) break;
      }
      const size = fstatSync(this.file.fd).size;
      ftruncateSync(this.file.fd, ceiling);
      if (size > this.position) this.buffer.skip(size - this.position);
      this.dropped += size - ceiling;
      this.position = ceiling;
    } catch {
      // the file cannot be cut: it keeps what it has
    }
  }

  /** Moves the file into the spill folder, over a new file the registry names (and prunes for). */
  private async promote(): Promise<void> {
    let spill: SpillFile | undefined;
    try {
      spill = await this.options.spill.open();
      await rename(this.file.path, spill.path);
      // The registry's handle (of the empty file the rename replaced) stays open until the end:
      // while it is, pruning leaves the path alone.
      this.spill = spill;
    } catch (error) {
      this.failure = `it could not be saved (${(error as Error).message})`;
      if (spill) {
        await spill.handle.close().catch(() => undefined);
        await unlink(spill.path).catch(() => undefined);
      }
    }
  }

  /** Reads the output to its end (call once the command and what it left running ended). */
  async result(): Promise<EndedOutput> {
    this.ended = true;
    clearTimeout(this.timer);
    await this.reading;
    await this.readAvailable(true);
    this.progress?.stop();
    if (this.chunk) spareBuffers.push(this.chunk);
    this.chunk = undefined;
    await this.promoting;
    const totalBytes = this.buffer.totalBytes;
    const report = this.buffer.report(this.lineBreaks);
    const spill = this.spill;
    // Closes the file, and removes it unless it was moved into the spill folder.
    discardScratchFile(this.file);
    await spill?.handle.close().catch(() => undefined);
    if (!report) return { cut: false, text: this.buffer.toString(), totalBytes };
    let saved: SavedOutput;
    if (!spill) saved = { reason: this.failure ?? 'it could not be saved' };
    else if (this.dropped === 0) saved = { path: spill.path };
    else
      saved = {
        path: spill.path,
        reason: `only its first ${this.options.spill.maxBytes} of ${totalBytes} bytes: the shell's spillMaxBytes ceiling`,
      };
    return { cut: true, report, saved, totalBytes };
  }
}

function readAt(fd: number, buffer: Buffer, position: number): Promise<number> {
  return new Promise((resolve, reject) =>
    read(fd, buffer, 0, buffer.length, position, (error, count) =>
      error ? reject(error) : resolve(count),
    ),
  );
}
