// Smoke test of the built @tinyelf/tool-remote on plain Node: the plugin against a real
// `tinyelf mcp serve --http` worker (the built CLI) on 127.0.0.1, its mirrored tools run through a
// registry, and a worker that is gone reported clearly.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { createRemoteToolsPlugin } from '@tinyelf/tool-remote';

const bin = fileURLToPath(new URL('../cli/dist/bin.js', import.meta.url));
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-smoke-remote-')));
writeFileSync(join(workspaceRoot, 'hello.txt'), 'hello from the worker\n');
const worker = spawn(process.execPath, [bin, 'mcp', 'serve', '--http', '--dir', workspaceRoot], {
  env: { ...process.env, TINYELF_MCP_TOKEN: 'smoke-token' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
try {
  const url = await new Promise((resolve, reject) => {
    let text = '';
    worker.stderr.on('data', (chunk) => {
      text += chunk;
      const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text);
      if (found) resolve(found[1]);
    });
    worker.once('exit', () => reject(new Error(`the worker exited: ${text}`)));
  });
  const plugin = createRemoteToolsPlugin({ remote: { url, token: 'smoke-token' } });
  const tools = await plugin.createTools(createTestBuildContext());
  const registry = new ToolRegistry({ spillDirectory: false }).registerAll(tools);
  assert.ok(registry.has('Read') && registry.has('Bash'));
  assert.equal(registry.get('Read').readOnly, true);
  assert.equal(
    (await registry.execute('1', 'Read', { path: 'hello.txt' })).content,
    '     1\thello from the worker',
  );
  worker.kill('SIGKILL');
  await new Promise((resolve) => worker.once('exit', resolve));
  const gone = await registry.execute('2', 'Read', { path: 'hello.txt' });
  assert.equal(gone.errorCode, 'REMOTE_CONNECTION_FAILED');
  console.log('@tinyelf/tool-remote: ok');
} finally {
  worker.kill('SIGKILL');
}
