import { TinyElfError } from './tinyelf-error';

const code = 'TOOL_NOT_FOUND';

/** A call named a tool the registry does not hold. */
export class ToolNotFoundError extends TinyElfError {
  /** The name the caller asked for. */
  readonly toolName: string;
  /** The names that were available. */
  readonly availableTools: readonly string[];

  constructor(options: {
    message: string;
    cause?: unknown;
    toolName: string;
    availableTools: readonly string[];
  }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'ToolNotFoundError';
    this.toolName = options.toolName;
    this.availableTools = options.availableTools;
  }

  /** True for a ToolNotFoundError from any copy of `@tinyelf/core` that carries its fields. */
  static override isInstance(error: unknown): error is ToolNotFoundError {
    return (
      TinyElfError.hasCode(error, code) &&
      typeof (error as { toolName?: unknown }).toolName === 'string' &&
      Array.isArray((error as { availableTools?: unknown }).availableTools)
    );
  }
}
