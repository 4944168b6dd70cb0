import { createRequire } from 'node:module';
import { ToolRegistry } from '@tinyelf/core';
import { McpService } from '@tinyelf/tool-mcp';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAiSdkTools } from './to-ai-sdk-tools';

const everythingServer = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model that calls one tool, then answers: what it was sent is in `doGenerateCalls`. */
function callingModel(toolName: string) {
  let turn = 0;
  return new MockLanguageModelV3({
    doGenerate: async () =>
      turn++ === 0
        ? {
            content: [{ type: 'tool-call', toolCallId: 'call-1', toolName, input: '{}' }],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage,
            warnings: [],
          }
        : {
            content: [{ type: 'text', text: 'I see it.' }],
            finishReason: { unified: 'stop', raw: 'stop' },
            usage,
            warnings: [],
          },
  });
}

/** The output of the tool result the model was sent in its second call. */
function toolOutputSentTo(model: MockLanguageModelV3) {
  const prompt = model.doGenerateCalls[1]?.prompt ?? [];
  const part = prompt
    .filter((message) => message.role === 'tool')
    .flatMap((message) => message.content)
    .find((candidate) => candidate.type === 'tool-result');
  return part?.type === 'tool-result' ? part.output : undefined;
}

let service: McpService;
const registry = new ToolRegistry({ spillDirectory: false });

beforeAll(async () => {
  service = new McpService(
    [
      {
        id: 'everything',
        transport: 'stdio',
        command: process.execPath,
        args: [everythingServer, 'stdio'],
      },
    ],
    { connectTimeoutMs: 20_000 },
  );
  await service.start();
  service.attach(registry);
}, 30_000);
afterAll(() => service?.dispose());

describe('toModelOutput through the AI SDK', () => {
  it("sends an MCP server's image to the model as image-data", async () => {
    const model = callingModel('mcp__everything__get-tiny-image');
    const result = await generateText({
      model,
      tools: toAiSdkTools(registry, { only: ['mcp__everything__get-tiny-image'] }),
      prompt: 'show me the logo',
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe('I see it.');
    expect(toolOutputSentTo(model)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: "Here's the image you requested:" },
        { type: 'image-data', mediaType: 'image/png', data: expect.stringMatching(/^iVBORw0KGgo/) },
        { type: 'text', text: 'The image above is the MCP logo.' },
      ],
    });
  });

  it('sends a one-line description instead with images: false, never the base64', async () => {
    const model = callingModel('mcp__everything__get-tiny-image');
    await generateText({
      model,
      tools: toAiSdkTools(registry, { images: false }),
      prompt: 'show me the logo',
      stopWhen: stepCountIs(3),
    });
    expect(toolOutputSentTo(model)).toEqual({
      type: 'text',
      value: expect.stringMatching(
        /^Here's the image you requested:\n\[image: image\/png, \d+ bytes\]\nThe image above is the MCP logo\.$/,
      ),
    });
  });

  it('describes audio unless audio: true, then sends it as file-data', async () => {
    const local = new ToolRegistry({ spillDirectory: false }).register({
      name: 'Record',
      description: 'Records a clip.',
      parameters: { type: 'object', properties: {} },
      execute: async () => ({
        parts: [{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }],
      }),
    });
    const described = callingModel('Record');
    await generateText({
      model: described,
      tools: toAiSdkTools(local),
      prompt: 'record',
      stopWhen: stepCountIs(3),
    });
    expect(toolOutputSentTo(described)).toEqual({
      type: 'text',
      value: '[audio: audio/wav, 4 bytes]',
    });
    const sent = callingModel('Record');
    await generateText({
      model: sent,
      tools: toAiSdkTools(local, { audio: true }),
      prompt: 'record',
      stopWhen: stepCountIs(3),
    });
    expect(toolOutputSentTo(sent)).toEqual({
      type: 'content',
      value: [{ type: 'file-data', data: 'UklGRg==', mediaType: 'audio/wav' }],
    });
  });
});
