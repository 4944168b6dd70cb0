import type { ToolContentPart } from '../tool/tool-output';

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
  /**
   * The output as parts, when the tool returned more than text (an image): a multimodal model
   * gets these, a text-only one reads `content`, where each image is described in a line.
   */
  readonly parts?: readonly ToolContentPart[];
  /** Where the full output of a truncated call was saved. */
  readonly fullOutputPath?: string;
}

/** The line every error result ends with, so the model tries something else. */
export const ERROR_RETRY_HINT = '[Analyze the error above and try a different approach.]';
