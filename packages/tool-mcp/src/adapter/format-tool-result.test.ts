import { describe, expect, it } from 'vitest';
import { formatToolResult } from './format-tool-result';

const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

describe('formatToolResult', () => {
  it('keeps text-only results as one string, as before media parts', () => {
    expect(
      formatToolResult(
        {
          content: [
            { type: 'text', text: 'one' },
            { type: 'text', text: '' },
            { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
          ],
        },
        't',
      ),
    ).toBe('one\n[resource link: file:///a.txt (a)]');
  });

  it('renders structuredContent when it adds something, and leaves out a copy of the content', () => {
    expect(formatToolResult({ content: [], structuredContent: { temperature: 21 } }, 't')).toBe(
      '{\n  "temperature": 21\n}',
    );
    const image = { type: 'image', data: png, mimeType: 'image/png' };
    expect(
      formatToolResult({ content: [image], structuredContent: { width: 1, height: 1 } }, 't'),
    ).toEqual({
      parts: [
        { type: 'image', data: png, mimeType: 'image/png' },
        { type: 'text', text: '{\n  "width": 1,\n  "height": 1\n}' },
      ],
    });
    expect(
      formatToolResult({ content: [image], structuredContent: { content: [image] } }, 't'),
    ).toEqual({ parts: [{ type: 'image', data: png, mimeType: 'image/png' }] });
  });

  it('makes an image blob resource an image part, and other blobs a line', () => {
    expect(
      formatToolResult(
        {
          content: [
            {
              type: 'resource',
              resource: { uri: 'file:///dot.png', mimeType: 'image/png', blob: png },
            },
            { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAAA' } },
          ],
        },
        't',
      ),
    ).toEqual({
      parts: [
        {
          type: 'image',
          data: png,
          mimeType: 'image/png',
          alt: '[resource: file:///dot.png (image/png), 70 bytes]',
        },
        { type: 'text', text: '[resource: file:///a.bin (binary), 3 bytes]' },
      ],
    });
  });

  it('describes media in an error, never its base64', () => {
    expect(() =>
      formatToolResult(
        {
          isError: true,
          content: [
            { type: 'text', text: 'render failed' },
            { type: 'image', data: png, mimeType: 'image/png' },
            { type: 'audio', mimeType: 'audio/wav' },
          ],
        },
        'mcp__x__render',
      ),
    ).toThrow(
      'The MCP tool mcp__x__render reported an error: render failed\n[image: image/png, 70 bytes]\n[audio without data]',
    );
  });
});
