const marker = 'tinyelf.error';
const symbol = Symbol.for(marker);

/** The codes a {@link TinyElfError} carries; packages may add their own strings. */
export type TinyElfErrorCode =
  | 'TOOL_NOT_FOUND'
  | 'INVALID_TOOL_INPUT'
  | 'TOOL_EXECUTION_FAILED'
  | 'TOOL_TIMEOUT'
  | 'TOOL_ABORTED'
  | 'DUPLICATE_TOOL'
  | 'PLUGIN_REGISTRATION_FAILED'
  | 'PATH_OUTSIDE_WORKSPACE'
  | 'COMMAND_BLOCKED'
  | 'URL_BLOCKED'
  | 'PERMISSION_DENIED'
  | (string & {});

/**
 * The base of every error the framework raises. It carries a string `code`, passes `cause`
 * through, and is recognised by {@link TinyElfError.isInstance} even across two copies of this
 * package (the check uses a global symbol, not `instanceof`).
 */
export class TinyElfError extends Error {
  /** @internal The brand {@link TinyElfError.isInstance} checks. */
  protected readonly [symbol] = true;
  /** A stable, machine-readable code such as `TOOL_NOT_FOUND`. */
  readonly code: TinyElfErrorCode;

  constructor(options: { code: TinyElfErrorCode; message: string; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TinyElfError';
    this.code = options.code;
  }

  /** True for any TinyElfError, from this copy of the package or another one. */
  static isInstance(error: unknown): error is TinyElfError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[symbol] === true
    );
  }

  /** True for a TinyElfError with the given code. */
  static hasCode(error: unknown, code: TinyElfErrorCode): error is TinyElfError {
    return TinyElfError.isInstance(error) && error.code === code;
  }
}
