import { TinyElfError } from './tinyelf-error';

const code = 'TOOL_ABORTED';

/** The caller aborted the call (its signal fired) before the tool finished. */
export class ToolAbortedError extends TinyElfError {
  constructor(options: { message: string; cause?: unknown }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'ToolAbortedError';
  }

  /** True for a ToolAbortedError from any copy of `@tinyelf/core`. */
  static override isInstance(error: unknown): error is ToolAbortedError {
    return TinyElfError.hasCode(error, code);
  }
}
