import { TinyElfError } from './tinyelf-error';

const code = 'PERMISSION_DENIED';

/**
 * A call was refused before it ran: a rule or hook denied it, the user said no, or it needed
 * confirmation and the host had no way to ask.
 */
export class PermissionDeniedError extends TinyElfError {
  constructor(options: { message: string; cause?: unknown }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'PermissionDeniedError';
  }

  /** True for a PermissionDeniedError from any copy of `@tinyelf/core`. */
  static override isInstance(error: unknown): error is PermissionDeniedError {
    return TinyElfError.hasCode(error, code);
  }
}
