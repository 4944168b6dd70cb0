/** The part of a terminal stream the status line uses (`process.stderr`). */
export interface StatusStream {
  /** Writes text. */
  write(text: string): unknown;
  /** Whether the stream is a terminal; the line is drawn only then. */
  readonly isTTY?: boolean;
  /** The terminal's width; the line is shortened to fit it. */
  readonly columns?: number;
}

/** When the status line appears and how often it is redrawn. */
export interface ProgressLineOptions {
  /** The line appears only for a call still running after this long. @default 1000 */
  readonly delayMs?: number;
  /** How often the line is redrawn (elapsed time, latest message). @default 250 */
  readonly refreshMs?: number;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const ERASE = '\r\x1b[2K';

/**
 * A live status line on a terminal for a call that takes a while: after `delayMs` it shows the
 * tool, the time so far and the tool's latest progress message, redrawn in place; `stop` erases
 * it. On a stream that is not a terminal it never writes anything (no timers either).
 */
export class ProgressLine {
  private message = '';
  private frame = 0;
  private drawn = false;
  private readonly started = performance.now();
  private delay: ReturnType<typeof setTimeout> | undefined;
  private refresh: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly stream: StatusStream,
    private readonly label: string,
    options: ProgressLineOptions = {},
  ) {
    if (!stream.isTTY) return;
    this.delay = setTimeout(() => {
      this.draw();
      this.refresh = setInterval(() => this.draw(), options.refreshMs ?? 250);
      this.refresh.unref();
    }, options.delayMs ?? 1000);
    this.delay.unref();
  }

  /** The tool's latest progress message (shown at the next redraw). */
  update(message: string): void {
    this.message = message.replace(/\s+/g, ' ').trim();
  }

  /** Erases the line (if it was drawn) and stops redrawing. */
  stop(): void {
    clearTimeout(this.delay);
    clearInterval(this.refresh);
    if (this.drawn) this.stream.write(ERASE);
    this.drawn = false;
  }

  private draw(): void {
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    const spinner = SPINNER[this.frame++ % SPINNER.length];
    const line = `${spinner} ${this.label} ${seconds} s${this.message ? ` · ${this.message}` : ''}`;
    // A pty that never had its size set says 0 columns.
    const width = Math.max(10, (this.stream.columns || 80) - 1);
    const shown = [...line].length > width ? `${[...line].slice(0, width - 1).join('')}…` : line;
    this.stream.write(`${ERASE}${shown}`);
    this.drawn = true;
  }
}
