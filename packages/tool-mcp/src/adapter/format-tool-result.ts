import { TinyElfError } from '@tinyelf/core';

interface ContentBlock {
  readonly type: string;
  readonly [key: string]: unknown;
}

/**
 * Turns an MCP tool result into the text the model reads: text blocks joined; images, audio and
 * resources described (type, size, URI) or their text included; `structuredContent` rendered when
 * there is no text. A result with `isError` becomes a thrown error carrying that text.
 */
export function formatToolResult(
  result: {
    content?: unknown;
    structuredContent?: unknown;
    isError?: unknown;
    toolResult?: unknown;
  },
  toolName: string,
): string {
  const blocks = (Array.isArray(result.content) ? result.content : []) as ContentBlock[];
  const parts = blocks.map(describeBlock).filter((part) => part !== '');
  const hasText = blocks.some((block) => block.type === 'text');
  if (!hasText && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  if (parts.length === 0 && result.toolResult !== undefined)
    parts.push(JSON.stringify(result.toolResult, null, 2));
  const text = parts.join('\n');
  if (result.isError === true)
    throw new TinyElfError({
      code: 'MCP_TOOL_ERROR',
      message: `The MCP tool ${toolName} reported an error: ${text || '(no details)'}`,
    });
  return text;
}

function describeBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return String(block.text ?? '');
    case 'image':
    case 'audio':
      return `[${block.type}: ${String(block.mimeType ?? 'unknown type')}, ${base64Size(block.data)} bytes]`;
    case 'resource': {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      if (typeof resource.text === 'string')
        return `[resource ${String(resource.uri ?? '')}]\n${resource.text}`;
      return `[resource: ${String(resource.uri ?? '')} (${String(resource.mimeType ?? 'binary')}), ${base64Size(resource.blob)} bytes]`;
    }
    case 'resource_link':
      return `[resource link: ${String(block.uri ?? '')}${block.name ? ` (${String(block.name)})` : ''}]`;
    default:
      return `[${block.type} content]`;
  }
}

function base64Size(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
