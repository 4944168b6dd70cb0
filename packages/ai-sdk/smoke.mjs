// Smoke test of the built @tinyelf/ai-sdk on plain Node: a registry's tool called by generateText
// with the AI SDK's test model.
import assert from 'node:assert/strict';
import { toAiSdkTools } from '@tinyelf/ai-sdk';
import { defineJsonSchemaTool, ToolRegistry } from '@tinyelf/core';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const registry = new ToolRegistry({ spillDirectory: false }).register(
  defineJsonSchemaTool({
    name: 'add',
    description: 'Adds two numbers.',
    parameters: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    execute: async ({ a, b }) => String(a + b),
  }),
);
const model = new MockLanguageModelV3({
  doGenerate: [
    {
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'add', input: '{"a":"2","b":3}' }],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage,
      warnings: [],
    },
    {
      content: [{ type: 'text', text: 'five' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage,
      warnings: [],
    },
  ],
});
const result = await generateText({
  model,
  tools: toAiSdkTools(registry),
  prompt: '2 + 3?',
  stopWhen: stepCountIs(2),
});
assert.equal(result.steps[0].toolResults[0].output.content, '5');
assert.equal(result.text, 'five');
console.log('@tinyelf/ai-sdk: ok');
