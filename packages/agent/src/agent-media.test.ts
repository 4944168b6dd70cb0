import { ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModel } from '../../../test-support/scripted-model-server';
import { tinyPng } from '../../../test-support/tiny-png';
import { AgentLoop } from './agent-loop';
import { OpenAIChatClient } from './openai-chat-client';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const png = tinyPng().toString('base64');

/** A loop over a registry with a Screenshot tool (text and a real PNG) and a text-only Echo. */
async function setup(images?: boolean) {
  const model = await startScriptedModel([
    {
      toolCalls: [
        { name: 'Screenshot', arguments: {} },
        { name: 'Echo', arguments: {} },
      ],
    },
    { content: 'A red square.' },
  ]);
  closers.push(model.close);
  const registry = new ToolRegistry({ spillDirectory: false })
    .register({
      name: 'Screenshot',
      description: 'Shows the screen.',
      parameters: { type: 'object', properties: {} },
      readOnly: true,
      execute: async () => ({
        parts: [
          { type: 'text', text: 'the screen:' },
          { type: 'image', data: png, mimeType: 'image/png' },
        ],
      }),
    })
    .register({
      name: 'Echo',
      description: 'Says hi.',
      parameters: { type: 'object', properties: {} },
      readOnly: true,
      execute: async () => 'hi',
    });
  const loop = new AgentLoop({
    model: new OpenAIChatClient({ baseUrl: model.baseUrl, model: 'test-model', apiKey: 'k' }),
    registry,
    confirm: async () => 'allow',
    ...(images === undefined ? {} : { images }),
  });
  return { loop, model };
}

type WireMessage = { role: string; content: unknown; tool_call_id?: string };

describe('tool results with images through AgentLoop and OpenAIChatClient', () => {
  it('sends the tool messages, then one user message with the image as a data URL', async () => {
    const { loop, model } = await setup();
    const result = await loop.run('What is on the screen?');
    expect(result).toMatchObject({ status: 'completed', output: 'A red square.' });
    expect(result.messages.find((message) => message.role === 'tool')?.parts).toEqual([
      { type: 'text', text: 'the screen:' },
      { type: 'image', data: png, mimeType: 'image/png' },
    ]);
    const messages = (model.requests[1] as { messages: WireMessage[] }).messages;
    expect(messages.slice(-3)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: `the screen:\n[image: image/png, ${tinyPng().length} bytes] (shown in the next user message)`,
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

  it('with images: false sends text only: the image described, no base64 anywhere', async () => {
    const { loop, model } = await setup(false);
    await loop.run('What is on the screen?');
    const request = model.requests[1] as { messages: WireMessage[] };
    expect(request.messages.slice(-2)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: `the screen:\n[image: image/png, ${tinyPng().length} bytes]`,
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'hi' },
    ]);
    expect(JSON.stringify(request)).not.toContain(png.slice(0, 40));
  });
});
