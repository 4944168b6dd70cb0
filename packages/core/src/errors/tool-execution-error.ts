import { TinyElfError } from './tinyelf-error';

const code = 'TOOL_EXECUTION_FAILED';

/** A tool threw while it ran; `cause` holds what it threw. */
export class ToolExecutionError extends TinyElfError {
  constructor(options: { message: string; cause?: unknown }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'ToolExecutionError';
  }

  /** True for a ToolExecutionError from any copy of `@tinyelf/core`. */
  static override isInstance(error: unknown): error is ToolExecutionError {
    return TinyElfError.hasCode(error, code);
  }
}
