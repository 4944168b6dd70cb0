import { tinyPng } from '@tinyelf/test-support/tiny-png';
import { describe, expect, it } from 'vitest';
import { defineJsonSchemaTool } from '../tool/define-tool';
import { toGeminiFunctionResponse } from './gemini-result-format';
import { toOpenAIToolMessages } from './openai-result-format';
import { toAnthropicToolResult } from './result-formats';
import { ToolRegistry } from './tool-registry';

const png = tinyPng(2, 2, [0, 128, 255]).toString('base64');
const wav = Buffer.from('RIFF\0\0\0\0WAVEfmt ').toString('base64');

/** A real registry with a screenshot tool (text, a PNG), a recorder (audio) and a failing tool. */
function registry() {
  return new ToolRegistry({ spillDirectory: false })
    .register(
      defineJsonSchemaTool<{ page: string }>({
        name: 'Screenshot',
        description: 'Takes a screenshot of a page.',
        parameters: {
          type: 'object',
          properties: { page: { type: 'string' } },
          required: ['page'],
        },
        execute: async ({ page }) => ({
          parts: [
            { type: 'text', text: `Screenshot of ${page}:` },
            { type: 'image', data: png, mimeType: 'image/png' },
            { type: 'text', text: 'The login button is blue.' },
          ],
        }),
      }),
    )
    .register(
      defineJsonSchemaTool<Record<string, never>>({
        name: 'Record',
        description: 'Records a second of audio.',
        parameters: { type: 'object', properties: {} },
        execute: async () => ({
          parts: [{ type: 'audio', data: wav, mimeType: 'audio/wav', alt: '[a 1-second clip]' }],
        }),
      }),
    );
}

const pngBytes = Buffer.from(png, 'base64').length;
const described = `[image: image/png, ${pngBytes} bytes]`;

describe('tool results in provider formats', () => {
  it('a screenshot result as an Anthropic tool_result with an image block', async () => {
    const result = await registry().execute('toolu_1', 'Screenshot', { page: '/login' });
    expect(result.content).toBe(`Screenshot of /login:\n${described}\nThe login button is blue.`);
    expect(toAnthropicToolResult(result)).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [
        { type: 'text', text: 'Screenshot of /login:' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
        { type: 'text', text: 'The login button is blue.' },
      ],
      is_error: false,
    });
  });

  it('a screenshot result as a Gemini functionResponse with the image inside, or after it', async () => {
    const result = await registry().execute('call-7', 'Screenshot', { page: '/login' });
    const output = `Screenshot of /login:\n${described} (attached as image-1.png)\nThe login button is blue.`;
    expect(toGeminiFunctionResponse(result)).toEqual([
      {
        functionResponse: {
          id: 'call-7',
          name: 'Screenshot',
          response: { output },
          parts: [{ inlineData: { mimeType: 'image/png', data: png, displayName: 'image-1.png' } }],
        },
      },
    ]);
    expect(toGeminiFunctionResponse(result, { media: 'sibling' })).toEqual([
      {
        functionResponse: {
          id: 'call-7',
          name: 'Screenshot',
          response: {
            output: `Screenshot of /login:\n${described} (attached after this response)\nThe login button is blue.`,
          },
        },
      },
      { inlineData: { mimeType: 'image/png', data: png } },
    ]);
  });

  it('OpenAI: text tool messages for every call, then one user message with the images', async () => {
    const tools = registry();
    tools.register(
      defineJsonSchemaTool<Record<string, never>>({
        name: 'Echo',
        description: 'Says hi.',
        parameters: { type: 'object', properties: {} },
        execute: async () => 'hi',
      }),
    );
    const results = [
      await tools.execute('call_1', 'Screenshot', { page: '/login' }),
      await tools.execute('call_2', 'Echo', {}),
    ];
    expect(toOpenAIToolMessages(results)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: `Screenshot of /login:\n${described} (shown in the next user message)\nThe login button is blue.`,
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'hi' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'The image returned by tool call call_1 (Screenshot):' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
        ],
      },
    ]);
  });

  it('for a model without images: the description in every format, never the base64', async () => {
    const result = await registry().execute('c1', 'Screenshot', { page: '/login' });
    const text = `Screenshot of /login:\n${described}\nThe login button is blue.`;
    const formats = [
      toAnthropicToolResult(result, { images: false }),
      toGeminiFunctionResponse(result, { images: false }),
      toOpenAIToolMessages([result], { images: false }),
    ];
    expect(formats[0]).toMatchObject({ content: [{ type: 'text', text }] });
    expect(formats[1]).toEqual([
      { functionResponse: { id: 'c1', name: 'Screenshot', response: { output: text } } },
    ]);
    expect(formats[2]).toEqual([{ role: 'tool', tool_call_id: 'c1', content: text }]);
    expect(JSON.stringify(formats)).not.toContain(png.slice(0, 20));
  });

  it('an error result: is_error, Gemini error key, a plain tool message', async () => {
    const result = await registry().execute('c2', 'Screenshot', {});
    expect(result.isError).toBe(true);
    expect(toAnthropicToolResult(result)).toEqual({
      type: 'tool_result',
      tool_use_id: 'c2',
      content: [{ type: 'text', text: result.content }],
      is_error: true,
    });
    expect(toGeminiFunctionResponse(result)).toEqual([
      { functionResponse: { id: 'c2', name: 'Screenshot', response: { error: result.content } } },
    ]);
    expect(toOpenAIToolMessages([result])).toEqual([
      { role: 'tool', tool_call_id: 'c2', content: result.content },
    ]);
    expect(result.content).toContain('page: missing required parameter');
  });

  it('audio: described by default; Gemini inline data and OpenAI input_audio when turned on', async () => {
    const result = await registry().execute('c3', 'Record', {});
    expect(toAnthropicToolResult(result, { audio: true }).content).toEqual([
      { type: 'text', text: '[a 1-second clip]' },
    ]);
    expect(toGeminiFunctionResponse(result)).toEqual([
      { functionResponse: { id: 'c3', name: 'Record', response: { output: '[a 1-second clip]' } } },
    ]);
    expect(toGeminiFunctionResponse(result, { audio: true })).toEqual([
      {
        functionResponse: {
          id: 'c3',
          name: 'Record',
          response: { output: '[a 1-second clip] (attached after this response)' },
        },
      },
      { inlineData: { mimeType: 'audio/wav', data: wav } },
    ]);
    expect(toOpenAIToolMessages([result], { audio: true }).at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'The attachment returned by tool call c3 (Record):' },
        { type: 'input_audio', input_audio: { data: wav, format: 'wav' } },
      ],
    });
  });

  it('a truncated result keeps the cut text and still sends its image', async () => {
    const tools = new ToolRegistry({ spillDirectory: false, maxChars: 200 }).register(
      defineJsonSchemaTool<Record<string, never>>({
        name: 'Big',
        description: 'A long page and its picture.',
        parameters: { type: 'object', properties: {} },
        execute: async () => ({
          parts: [
            { type: 'image', data: png, mimeType: 'image/png' },
            { type: 'text', text: 'x'.repeat(5000) },
          ],
        }),
      }),
    );
    const result = await tools.execute('c4', 'Big', {});
    expect(result.truncated).toBe(true);
    const block = toAnthropicToolResult(result);
    expect(block.content).toEqual([
      { type: 'text', text: result.content },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
    ]);
    expect(result.content.length).toBeLessThan(400);
  });

  it('an image type the provider does not take is described there', async () => {
    const tools = new ToolRegistry({ spillDirectory: false }).register(
      defineJsonSchemaTool<Record<string, never>>({
        name: 'Diagram',
        description: 'A diagram.',
        parameters: { type: 'object', properties: {} },
        execute: async () => ({
          parts: [{ type: 'image', data: 'PHN2Zz48L3N2Zz4=', mimeType: 'image/svg+xml' }],
        }),
      }),
    );
    const result = await tools.execute('c5', 'Diagram', {});
    expect(toAnthropicToolResult(result).content).toEqual([
      { type: 'text', text: '[image: image/svg+xml, 11 bytes]' },
    ]);
    expect(toOpenAIToolMessages([result])).toHaveLength(1);
    expect(toGeminiFunctionResponse(result)).toHaveLength(1);
  });
});
