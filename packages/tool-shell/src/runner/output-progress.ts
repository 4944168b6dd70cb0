import type { ToolProgress } from '@tinyelf/core';

/** Reports a running command's progress: a line of text, and the bytes received so far. */
export type ReportProgress = (message: string, progress: ToolProgress) => void;

/** What the progress line reads from the output so far. */
export interface OutputSoFar {
  /** Bytes received. */
  readonly bytes: number;
  /** Line breaks received. */
  readonly lineBreaks: number;
  /** The last bytes received (the latest line is taken from them). */
  readonly latest: () => Buffer;
}

/** The longest latest line a progress message quotes, in characters. */
const LINE_CHARS = 200;

/**
 * Reports progress as output arrives, at most once per `intervalMs`: right away for the first
 * output after a quiet spell, else once the interval has passed (so the last line of a burst is
 * reported too). A report that throws is ignored; the command is not the host's problem.
 */
export class OutputProgress {
  private lastReport = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly report: ReportProgress,
    private readonly read: () => OutputSoFar,
    private readonly intervalMs = 250,
  ) {}

  /** Output arrived. */
  note(): void {
    if (this.stopped || this.timer) return;
    const wait = this.lastReport + this.intervalMs - performance.now();
    if (wait <= 0) this.send();
    else this.timer = setTimeout(() => this.send(), wait);
  }

  /** The command ended: no more reports. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private send(): void {
    this.timer = undefined;
    if (this.stopped) return;
    this.lastReport = performance.now();
    const { bytes, lineBreaks, latest } = this.read();
    const recent = latest();
    const lines = lineBreaks + (recent.length > 0 && recent[recent.length - 1] !== 0x0a ? 1 : 0);
    try {
      this.report(
        `${lines} ${lines === 1 ? 'line' : 'lines'}, ${bytes} bytes: ${latestLine(recent)}`,
        { progress: bytes },
      );
    } catch {
      // A host's progress display failing does not stop the command.
    }
  }
}

/** The last non-empty line in `bytes`, shortened to {@link LINE_CHARS}. */
function latestLine(bytes: Buffer): string {
  const lines = bytes.toString('utf8').split('\n');
  const line = (lines.findLast((candidate) => candidate.trim() !== '') ?? '').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape codes are stripped on purpose
  const plain = line.replace(/\x1b\[[0-9;?]*[A-Za-z]|[\x00-\x08\x0b-\x1f\x7f]/g, '');
  return plain.length > LINE_CHARS ? `${plain.slice(0, LINE_CHARS - 1)}…` : plain;
}
