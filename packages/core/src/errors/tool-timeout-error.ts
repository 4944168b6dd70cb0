import { TinyElfError } from './tinyelf-error';

const code = 'TOOL_TIMEOUT';

/** A tool ran past the time allowed for the call. */
export class ToolTimeoutError extends TinyElfError {
  /** The limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number;

  constructor(options: { message: string; cause?: unknown; timeoutMs: number }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'ToolTimeoutError';
    this.timeoutMs = options.timeoutMs;
  }

  /** True for a ToolTimeoutError from any copy of `@tinyelf/core` that carries its fields. */
  static override isInstance(error: unknown): error is ToolTimeoutError {
    return (
      TinyElfError.hasCode(error, code) &&
      typeof (error as { timeoutMs?: unknown }).timeoutMs === 'number'
    );
  }
}
