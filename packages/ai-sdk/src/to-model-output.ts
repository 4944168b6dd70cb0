import { type ResultFormatOptions, sendablePieces, type ToolCallResult } from '@tinyelf/core';
import type { ToolResultPart } from 'ai';

/** What an AI SDK tool's `toModelOutput` returns (the `output` of a `tool-result` part). */
export type AiSdkModelOutput = ToolResultPart['output'];

type ContentItem = Extract<AiSdkModelOutput, { type: 'content' }>['value'][number];

/**
 * A registry result as what an AI SDK tool's `toModelOutput` returns: `error-text` for a failed
 * call; `text` for a result of text only (or when every media part is turned into its one-line
 * description by the options); otherwise `content` with `text` parts, images as `image-data` and
 * audio as `file-data` (base64 with the IANA media type, the AI SDK 6 part types; the provider
 * package turns them into its API's image blocks or inline data), in the tool's order.
 *
 * With `images: false` (a model or host that cannot take images) every image becomes its one-line
 * description (`[image: image/png, 4033 bytes]`), never its base64; audio is described unless
 * `audio: true`.
 */
export function toModelOutput(
  result: ToolCallResult,
  options: ResultFormatOptions = {},
): AiSdkModelOutput {
  if (result.isError) return { type: 'error-text', value: result.content };
  const pieces = sendablePieces(result, options, () => true);
  if (pieces.every((piece) => piece.type === 'text'))
    return { type: 'text', value: pieces.map((piece) => piece.text).join('\n') };
  return {
    type: 'content',
    value: pieces.flatMap((piece): ContentItem[] => {
      if (piece.type === 'text')
        return piece.text === '' ? [] : [{ type: 'text', text: piece.text }];
      return [
        piece.type === 'image'
          ? { type: 'image-data', data: piece.data, mediaType: piece.mimeType }
          : { type: 'file-data', data: piece.data, mediaType: piece.mimeType },
      ];
    }),
  };
}
