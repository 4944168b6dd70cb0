import { TinyElfError } from './tinyelf-error';
import { ToolExecutionError } from './tool-execution-error';

/**
 * Turns anything thrown (an Error, a string, `undefined`, an object) into a {@link TinyElfError}.
 * A TinyElfError is returned as is; anything else becomes a {@link ToolExecutionError} whose
 * message describes what was thrown and whose `cause` is the original value.
 */
export function toTinyElfError(thrown: unknown): TinyElfError {
  if (TinyElfError.isInstance(thrown)) return thrown;
  return new ToolExecutionError({ message: describeThrown(thrown), cause: thrown });
}

/** A one-line, human-readable description of a thrown value. */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name || 'Error';
  if (typeof thrown === 'string') return thrown || 'An empty error was thrown';
  if (thrown === undefined || thrown === null) return `The tool threw ${String(thrown)}`;
  if (typeof thrown === 'object') {
    const message = (thrown as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    try {
      return `The tool threw ${JSON.stringify(thrown)}`;
    } catch {
      return 'The tool threw an object that cannot be shown';
    }
  }
  return `The tool threw ${String(thrown)}`;
}
