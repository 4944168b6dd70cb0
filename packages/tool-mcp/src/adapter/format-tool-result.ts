import { type RichToolOutput, TinyElfError, type ToolContentPart } from '@tinyelf/core';

interface ContentBlock {
  readonly type: string;
  readonly [key: string]: unknown;
}

/**
 * Turns an MCP tool result into what the model reads: text blocks as text; image and audio
 * blocks as media parts (base64 with their media type); embedded resources with text as their
 * text under a `[resource <uri>]` line, blob resources as an image or audio part when their media
 * type is one, otherwise as a line (URI, type, size); resource links as a line.
 *
 * `structuredContent` is rendered as JSON only when it adds something: not when the content has
 * text (the MCP spec has a tool repeat its structured output as a text block), and not when it
 * merely repeats the content (every block's text or base64 appears in it, as with
 * server-filesystem's `read_media_file`), so base64 never reaches the model as text.
 *
 * A result of text only is returned as a string (as before rich results); one with media as
 * `RichToolOutput` parts. A result with `isError` becomes a thrown error carrying its text
 * (media described in a line).
 */
export function formatToolResult(
  result: {
    content?: unknown;
    structuredContent?: unknown;
    isError?: unknown;
    toolResult?: unknown;
  },
  toolName: string,
): string | RichToolOutput {
  const blocks = (Array.isArray(result.content) ? result.content : []) as ContentBlock[];
  const parts = blocks.map(toPart).filter((part) => part.type !== 'text' || part.text !== '');
  const hasText = blocks.some((block) => block.type === 'text');
  if (
    !hasText &&
    result.structuredContent !== undefined &&
    !repeatsContent(result.structuredContent, blocks)
  )
    parts.push({ type: 'text', text: JSON.stringify(result.structuredContent, null, 2) });
  if (parts.length === 0 && result.toolResult !== undefined)
    parts.push({ type: 'text', text: JSON.stringify(result.toolResult, null, 2) });
  if (result.isError === true) {
    const text = parts.map(describe).join('\n');
    throw new TinyElfError({
      code: 'MCP_TOOL_ERROR',
      message: `The MCP tool ${toolName} reported an error: ${text || '(no details)'}`,
    });
  }
  if (parts.every((part) => part.type === 'text')) return parts.map(describe).join('\n');
  return { parts };
}

function toPart(block: ContentBlock): ToolContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: String(block.text ?? '') };
    case 'image':
    case 'audio':
      if (typeof block.data === 'string' && typeof block.mimeType === 'string')
        return { type: block.type, data: block.data, mimeType: block.mimeType };
      return { type: 'text', text: `[${block.type} without data]` };
    case 'resource': {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      const uri = String(resource.uri ?? '');
      if (typeof resource.text === 'string')
        return { type: 'text', text: `[resource ${uri}]\n${resource.text}` };
      const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : 'binary';
      const kind = /^(image|audio)\//i.exec(mimeType)?.[1]?.toLowerCase() as
        | 'image'
        | 'audio'
        | undefined;
      if (kind && typeof resource.blob === 'string' && resource.blob !== '')
        return {
          type: kind,
          data: resource.blob,
          mimeType,
          alt: `[resource: ${uri} (${mimeType}), ${base64Size(resource.blob)} bytes]`,
        };
      return {
        type: 'text',
        text: `[resource: ${uri} (${mimeType}), ${base64Size(resource.blob)} bytes]`,
      };
    }
    case 'resource_link':
      return {
        type: 'text',
        text: `[resource link: ${String(block.uri ?? '')}${block.name ? ` (${String(block.name)})` : ''}]`,
      };
    default:
      return { type: 'text', text: `[${block.type} content]` };
  }
}

/** The text of a part, media described in a line (`[image: image/png, 4033 bytes]`). */
function describe(part: ToolContentPart): string {
  if (part.type === 'text') return part.text;
  return part.alt ?? `[${part.type}: ${part.mimeType}, ${base64Size(part.data)} bytes]`;
}

/** Whether every block's payload (its text or base64) appears as a string inside `structured`. */
function repeatsContent(structured: unknown, blocks: readonly ContentBlock[]): boolean {
  const payloads = blocks.map(payloadOf).filter((payload) => payload !== '');
  if (payloads.length === 0) return false;
  const strings = new Set<string>();
  collectStrings(structured, strings, 0);
  return payloads.every((payload) => strings.has(payload));
}

function payloadOf(block: ContentBlock): string {
  if (block.type === 'text') return String(block.text ?? '');
  if (block.type === 'image' || block.type === 'audio') return String(block.data ?? '');
  if (block.type === 'resource') {
    const resource = (block.resource ?? {}) as Record<string, unknown>;
    return String(resource.text ?? resource.blob ?? '');
  }
  return '';
}

function collectStrings(value: unknown, into: Set<string>, depth: number): void {
  if (depth > 20) return;
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into, depth + 1);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) collectStrings(item, into, depth + 1);
}

function base64Size(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
