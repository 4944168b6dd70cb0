import { TinyElfError } from './tinyelf-error';

const code = 'PATH_OUTSIDE_WORKSPACE';

/** A path resolved (lexically or through links) to a location outside the workspace. */
export class PathOutsideWorkspaceError extends TinyElfError {
  /** The path as the caller gave it. */
  readonly requestedPath: string;
  /** The workspace root. */
  readonly workspaceRoot: string;

  constructor(options: {
    message: string;
    requestedPath: string;
    workspaceRoot: string;
    cause?: unknown;
  }) {
    super({ code, message: options.message, cause: options.cause });
    this.name = 'PathOutsideWorkspaceError';
    this.requestedPath = options.requestedPath;
    this.workspaceRoot = options.workspaceRoot;
  }

  /** True for a PathOutsideWorkspaceError from any copy of `@tinyelf/core` that carries its fields. */
  static override isInstance(error: unknown): error is PathOutsideWorkspaceError {
    return (
      TinyElfError.hasCode(error, code) &&
      typeof (error as { requestedPath?: unknown }).requestedPath === 'string' &&
      typeof (error as { workspaceRoot?: unknown }).workspaceRoot === 'string'
    );
  }
}
