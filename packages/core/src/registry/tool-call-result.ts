/** What {@link ToolRegistry.execute} resolves to, whatever happened. */
export interface ToolCallResult {
  /** The id the model gave the call. */
  readonly toolCallId: string;
  /** The tool the model asked for (which may not exist). */
  readonly toolName: string;
  /** The text for the model: the output, or an error ending with the retry hint. */
  readonly content: string;
  /** True when the call failed; `content` says why. */
  readonly isError: boolean;
  /** True when the output was cut to the registry's `maxChars`. */
  readonly truncated: boolean;
  /** Wall time of the call in milliseconds, lookup and validation included. */
  readonly durationMs: number;
  /** The {@link TinyElfError} code of a failed call, such as `TOOL_NOT_FOUND`. */
  readonly errorCode?: string;
  /** Where the full output of a truncated call was saved. */
  readonly fullOutputPath?: string;
}

/** The line every error result ends with, so the model tries something else. */
export const ERROR_RETRY_HINT = '[Analyze the error above and try a different approach.]';
