// Smoke test of the built @tinyelf/agent on plain Node: the loop against a loopback server that
// speaks the OpenAI Chat Completions format, calling a real tool.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { AgentLoop, OpenAIChatClient } from '@tinyelf/agent';
import { ToolRegistry } from '@tinyelf/core';

const replies = [
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_1', type: 'function', function: { name: 'shout', arguments: '{"word":"elf"}' } },
    ],
  },
  { role: 'assistant', content: 'The elf says ELF.' },
];
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ choices: [{ index: 0, message: replies.shift(), finish_reason: 'stop' }] }),
    );
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const registry = new ToolRegistry().register({
  name: 'shout',
  description: 'Shouts a word',
  readOnly: true,
  parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  execute: async ({ word }) => word.toUpperCase(),
});
const model = new OpenAIChatClient({
  baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
  model: 'smoke',
});
const result = await new AgentLoop({ model, registry, confirm: async () => 'allow' }).run(
  'shout elf',
);
server.close();
assert.deepEqual([result.status, result.output], ['completed', 'The elf says ELF.']);
assert.equal(result.messages[2].content, 'ELF');
console.log('@tinyelf/agent: ok');
