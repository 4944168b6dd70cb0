import type { Readable } from 'node:stream';
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
  | {
      /** Nothing was cut. */
      readonly cut: false;
      /** The whole output. */
      readonly text: string;
      /** Bytes received. */
      readonly totalBytes: number;
    }
  | {
      /** The middle was cut. */
      readonly cut: true;
      /** What was kept and cut, for the mark. */
      readonly report: CutReport;
      /** Where the complete output is, or why it is not kept. */
      readonly saved: SavedOutput;
      /** Bytes received. */
      readonly totalBytes: number;
    };

/**
 * Takes a command's output from its pipe: counts bytes and lines, keeps the head and tail,
 * streams the raw output into the spill file once it is too long (pausing the pipe while the file
 * catches up), and reports progress.
 */
export class CommandOutput {
  private readonly buffer: HeadTailBuffer;
  private readonly spill: SpillWriter;
  private readonly progress: OutputProgress | undefined;
  private source: Readable | undefined;
  private lineBreaks = 0;
  private spilling = false;

  constructor(private readonly options: CommandOutputOptions) {
    this.buffer = new HeadTailBuffer(options.keepBytes);
    this.spill = new SpillWriter(options.spill ?? { maxBytes: 0 }, () => this.source?.resume());
    this.progress = options.onProgress
      ? new OutputProgress(options.onProgress, () => ({
          bytes: this.buffer.totalBytes,
          lineBreaks: this.lineBreaks,
          latest: () => this.buffer.latest(1024),
        }))
      : undefined;
  }

  /** Reads the command's output pipe. */
  attach(source: Readable): void {
    this.source = source;
    source.on('data', (chunk: Buffer) => {
      if (!this.take(chunk)) source.pause();
    });
  }

  /** Stops reading (the pipe is about to be destroyed). */
  detach(): void {
    this.source?.removeAllListeners('data');
    this.source = undefined;
  }

  /** Bytes received so far. */
  get receivedBytes(): number {
    return this.buffer.totalBytes;
  }

  /** Whether output is still waiting for the spill file (the pipe may be paused for it). */
  get busy(): boolean {
    return this.spill.busy;
  }

  /** Takes a chunk; false when the pipe should pause until the spill file catches up. */
  private take(chunk: Buffer): boolean {
    this.lineBreaks += countLineBreaks(chunk);
    let go = true;
    if (this.spilling) go = this.spill.push(chunk);
    else if (this.buffer.totalBytes + chunk.length > this.options.keepBytes) {
      // Nothing was cut yet, so the buffer still holds everything before this chunk.
      this.spilling = true;
      go = this.spill.start(Buffer.concat([this.buffer.contents(), chunk]));
    }
    this.buffer.push(chunk);
    this.progress?.note();
    return go;
  }

  /** Says what was kept, cut and saved, once the last writes to the spill file are done. */
  async result(): Promise<EndedOutput> {
    this.progress?.stop();
    this.detach();
    const totalBytes = this.buffer.totalBytes;
    const report = this.buffer.report(this.lineBreaks);
    if (!report) return { cut: false, text: this.buffer.toString(), totalBytes };
    return { cut: true, report, saved: await this.spill.finish(), totalBytes };
  }
}
