import {
  baseMediaType,
  type FormattableToolResult,
  mediaTypeIn,
  type ResultFormatOptions,
  sendablePieces,
} from './result-pieces';

/** A content block inside an Anthropic `tool_result`: text, or an image as base64. */
export type AnthropicToolResultContent =
  | {
      /** A text block. */
      readonly type: 'text';
      /** The text (never empty: the API refuses empty text blocks). */
      readonly text: string;
    }
  | {
      /** An image block. */
      readonly type: 'image';
      /** The image bytes inline. */
      readonly source: {
        /** Always `base64`. */
        readonly type: 'base64';
        /** `image/jpeg`, `image/png`, `image/gif` or `image/webp`. */
        readonly media_type: string;
        /** The bytes, base64-encoded. */
        readonly data: string;
      };
    };

/** A `tool_result` block of the Anthropic Messages API, sent in the next `user` message. */
export interface AnthropicToolResultBlock {
  /** Always `tool_result`. */
  readonly type: 'tool_result';
  /** The `id` of the `tool_use` block this answers. */
  readonly tool_use_id: string;
  /** The result as text and image blocks, in the order the tool returned them. */
  readonly content: readonly AnthropicToolResultContent[];
  /** True when the call failed; the text says why. */
  readonly is_error: boolean;
}

/** The image media types an Anthropic image block takes. */
const ANTHROPIC_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * A tool result as an Anthropic Messages API `tool_result` block: its text as `text` blocks and
 * its images as `image` blocks with a `base64` source, in the tool's order, `is_error` set on a
 * failed call. Put the block (one per call, in the order of the calls) in the `content` of the
 * `user` message that follows the assistant's `tool_use` blocks.
 *
 * Per the Messages API reference (`ToolResultBlockParam`: `content` is a string or an array of
 * `TextBlockParam` and `ImageBlockParam`; image `source` `{ type: 'base64', media_type, data }`
 * with media type `image/jpeg`, `image/png`, `image/gif` or `image/webp`), see
 * https://docs.anthropic.com/en/docs/build-with-claude/tool-use and
 * https://docs.anthropic.com/en/docs/build-with-claude/vision.
 *
 * An image of another type, every image with `images: false`, and every audio clip (the API has
 * no audio block) become their one-line description.
 *
 * @example
 * const result = await registry.execute(block.id, block.name, block.input);
 * messages.push({ role: 'user', content: [toAnthropicToolResult(result)] });
 */
export function toAnthropicToolResult(
  result: FormattableToolResult,
  options: ResultFormatOptions = {},
): AnthropicToolResultBlock {
  const pieces = sendablePieces(
    result,
    options,
    (part) => part.type === 'image' && mediaTypeIn(part.mimeType, ANTHROPIC_IMAGE_TYPES),
  );
  const content: AnthropicToolResultContent[] = [];
  for (const piece of pieces) {
    if (piece.type === 'text') {
      if (piece.text !== '') content.push({ type: 'text', text: piece.text });
    } else {
      content.push({
        type: 'image',
        source: { type: 'base64', media_type: baseMediaType(piece.mimeType), data: piece.data },
      });
    }
  }
  return {
    type: 'tool_result',
    tool_use_id: result.toolCallId,
    content,
    is_error: result.isError,
  };
}
