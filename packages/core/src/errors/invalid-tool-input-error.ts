import { TinyElfError } from './tinyelf-error';

const code = 'INVALID_TOOL_INPUT';

/** The arguments of a call did not match the tool's schema, even after coercion. */
export class InvalidToolInputError extends TinyElfError {
  /** One entry per bad parameter: where it is and what was expected. */
  readonly issues: readonly {
    /** The parameter, as a JSON path (`offset`, `edits/0/old_string`). */
    path: string;
    /** What was wrong and what was expected. */
    message: string;
  }[];

  constructor(options: {
    message: string;
    cause?: unknown;
    issues?: readonly { path: string; message: string }[];
  }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'InvalidToolInputError';
    this.issues = options.issues ?? [];
  }

  /** True for an InvalidToolInputError from any copy of `@tinyelf/core` that carries its fields. */
  static override isInstance(error: unknown): error is InvalidToolInputError {
    return (
      TinyElfError.hasCode(error, code) && Array.isArray((error as { issues?: unknown }).issues)
    );
  }
}
