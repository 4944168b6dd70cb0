// Smoke test of the built @tinyelf/tool-session on plain Node: a sub-agent run through the built
// agent runner against a loopback Chat Completions server, and a session persisted as JSONL.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultAgentRunner, OpenAIChatClient } from '@tinyelf/agent';
import { ToolRegistry } from '@tinyelf/core';
import {
  createSpawnAgentTool,
  JsonlSessionStore,
  SessionManager,
  SubagentManager,
} from '@tinyelf/tool-session';

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'sub-agent says hi' },
            finish_reason: 'stop',
          },
        ],
      }),
    );
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const runner = new DefaultAgentRunner({
  model: new OpenAIChatClient({
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    model: 'smoke',
  }),
});
const registry = new ToolRegistry().register(createSpawnAgentTool(new SubagentManager({ runner })));
assert.equal(
  (await registry.execute('1', 'spawn_agent', { prompt: 'say hi' })).content,
  'sub-agent says hi',
);

const folder = join(
  realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-smoke-sessions-'))),
  'sessions',
);
const sessions = new SessionManager({
  store: new JsonlSessionStore(folder),
  runner,
  registryFor: () => new ToolRegistry(),
});
const record = await sessions.spawn('hello', 'general', 'Smoke');
await sessions.idle(record.id);
assert.deepEqual(
  (await new JsonlSessionStore(folder).messages(record.id)).map((message) => message.content),
  ['hello', 'sub-agent says hi'],
);
server.close();
console.log('@tinyelf/tool-session: ok');
