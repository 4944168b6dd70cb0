// Smoke test of the built @tinyelf/tool-mcp on plain Node: the real everything server from npm
// over stdio, called through a registry, and disposed without leaving its process behind.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { ToolRegistry } from '@tinyelf/core';
import { McpService } from '@tinyelf/tool-mcp';

const server = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
const service = new McpService([
  { id: 'everything', transport: 'stdio', command: process.execPath, args: [server, 'stdio'] },
]);
const [status] = await service.start();
assert.equal(status.state, 'connected', status.error);
const registry = new ToolRegistry({ spillDirectory: false });
service.attach(registry);
assert.equal(
  (await registry.execute('1', 'mcp__everything__echo', { message: 'smoke' })).content,
  'Echo: smoke',
);
assert.match(
  (await registry.execute('2', 'mcp__everything__get-sum', { a: '40', b: 2 })).content,
  /42/,
);
await service.dispose();
console.log('@tinyelf/tool-mcp: ok');
