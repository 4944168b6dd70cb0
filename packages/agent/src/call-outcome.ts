import { resultPieces, type ToolCallResult, type ToolContentPart } from '@tinyelf/core';

/** What one call gave the loop: the tool message's text, and its parts when it has media. */
export interface CallOutcome {
  /** The call's id. */
  readonly id: string;
  /** The tool message's text. */
  readonly content: string;
  /** True when the call failed. */
  readonly isError?: boolean;
  /** Its text and media, when the result has images or audio. */
  readonly parts?: readonly ToolContentPart[];
  /** The message of a `SessionsYield` call, which ends the loop. */
  readonly yielded?: string;
}

/**
 * The parts of a result for its tool message, when it has images or audio: its (possibly cut)
 * text and its media, in order. None for an error or a result of text only.
 */
export function mediaPartsOf(result: ToolCallResult): readonly ToolContentPart[] | undefined {
  const pieces = resultPieces(result);
  return pieces.some((piece) => piece.type !== 'text') ? pieces : undefined;
}
