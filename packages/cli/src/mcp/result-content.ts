import { resultPieces, type ToolCallResult } from '@tinyelf/core';

/** A content block of an MCP `tools/call` result that `tinyelf mcp serve` sends. */
export type McpResultContent =
  | {
      /** Text. */
      readonly type: 'text';
      /** The text. */
      readonly text: string;
    }
  | {
      /** An image or an audio clip. */
      readonly type: 'image' | 'audio';
      /** The bytes, base64-encoded. */
      readonly data: string;
      /** The media type, such as `image/png`. */
      readonly mimeType: string;
    };

/**
 * A registry result as MCP content blocks: text blocks, and an `image` or `audio` block for each
 * media part, in the tool's order. An error, or a result without media, is one text block (its
 * `content`); a result the registry cut keeps its cut text followed by its media.
 */
export function resultContent(result: ToolCallResult): McpResultContent[] {
  const blocks: McpResultContent[] = [];
  for (const piece of resultPieces(result)) {
    if (piece.type === 'text') blocks.push({ type: 'text', text: piece.text });
    else blocks.push({ type: piece.type, data: piece.data, mimeType: piece.mimeType });
  }
  return blocks;
}
