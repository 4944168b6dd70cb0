import { TinyElfError } from './tinyelf-error';

const code = 'DUPLICATE_TOOL';

/** A tool was registered under a name the registry already holds (a programmer error). */
export class DuplicateToolError extends TinyElfError {
  /** The name registered twice. */
  readonly toolName: string;

  constructor(options: { message: string; cause?: unknown; toolName: string }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'DuplicateToolError';
    this.toolName = options.toolName;
  }

  /** True for a DuplicateToolError from any copy of `@tinyelf/core` that carries its fields. */
  static override isInstance(error: unknown): error is DuplicateToolError {
    return (
      TinyElfError.hasCode(error, code) &&
      typeof (error as { toolName?: unknown }).toolName === 'string'
    );
  }
}
