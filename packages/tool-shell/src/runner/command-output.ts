import { Writable } from 'node:stream';
import type { CutReport, SavedOutput } from '@tinyelf/core';
import { countLineBreaks } from './line-breaks';
import { HeadTailBuffer } from './output-buffer';
import { OutputProgress, type ReportProgress } from './output-progress';
import { type SpillTarget, SpillWriter } from './spill-writer';

/** Where a command's output goes besides the kept head and tail. */
export interface CommandOutputOptions {
  /** Bytes kept to show (head and tail). */
  readonly keepBytes: number;
  /** The spill file the complete output streams into once it is longer than `keepBytes`. */
  readonly spill?: SpillTarget;
  /** Progress as output arrives (rate-limited). */
  readonly onProgress?: ReportProgress;
}

/** A command's output once it ended: all of it, or what was kept, what was cut and where it is. */
export type EndedOutput =
  | { readonly cut: false; readonly text: string; readonly totalBytes: number }
  | {
      readonly cut: true;
      readonly report: CutReport;
      readonly saved: SavedOutput;
      readonly totalBytes: number;
    };

/** Bytes the stream holds before the pipe from the command is paused (the spill file's pace). */
const HIGH_WATER_MARK = 1 << 20;

/**
 * The sink a command's output is piped into: it counts bytes and lines, keeps the head and tail,
 * streams the raw output into the spill file once it is too long (with backpressure: the pipe is
 * paused while the file catches up), and reports progress.
 */
export class CommandOutput extends Writable {
  private readonly buffer: HeadTailBuffer;
  private readonly spill: SpillWriter;
  private readonly progress: OutputProgress | undefined;
  private lineBreaks = 0;
  private spilling = false;

  constructor(private readonly options: CommandOutputOptions) {
    super({ highWaterMark: HIGH_WATER_MARK });
    this.buffer = new HeadTailBuffer(options.keepBytes);
    this.spill = new SpillWriter(options.spill ?? { maxBytes: 0 });
    this.progress = options.onProgress
      ? new OutputProgress(options.onProgress, () => ({
          bytes: this.buffer.totalBytes,
          lineBreaks: this.lineBreaks,
          latest: () => this.buffer.latest(1024),
        }))
      : undefined;
  }

  /** Bytes received so far. */
  get receivedBytes(): number {
    return this.buffer.totalBytes;
  }

  // `take` keeps the spill file's failures to itself (the mark reports them): the stream never
  // errors, so the command's output keeps flowing.
  override _writev(
    chunks: Array<{ chunk: Buffer; encoding: BufferEncoding }>,
    callback: (error?: Error | null) => void,
  ): void {
    this.take(chunks.map(({ chunk }) => chunk)).then(
      () => callback(),
      () => callback(),
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.take([chunk]).then(
      () => callback(),
      () => callback(),
    );
  }

  private async take(chunks: Buffer[]): Promise<void> {
    let starting: Buffer[] | undefined;
    for (const [index, chunk] of chunks.entries()) {
      this.lineBreaks += countLineBreaks(chunk);
      if (!this.spilling && this.buffer.totalBytes + chunk.length > this.options.keepBytes) {
        // Nothing was cut yet, so the buffer still holds everything before this chunk.
        this.spilling = true;
        starting = [this.buffer.contents(), ...chunks.slice(index)];
      }
      this.buffer.push(chunk);
    }
    this.progress?.note();
    if (starting) return this.spill.start(starting);
    if (this.spilling) return this.spill.write(chunks);
  }

  /** Ends the output (no more writes come) and says what was kept, cut and saved. */
  async result(): Promise<EndedOutput> {
    this.progress?.stop();
    if (!this.writableEnded) this.end();
    if (!this.writableFinished) await new Promise<void>((resolve) => this.once('finish', resolve));
    this.progress?.stop();
    const totalBytes = this.buffer.totalBytes;
    const report = this.buffer.report(this.lineBreaks);
    if (!report) return { cut: false, text: this.buffer.toString(), totalBytes };
    return { cut: true, report, saved: await this.spill.finish(), totalBytes };
  }
}
