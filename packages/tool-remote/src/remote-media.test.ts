// Images and progress counts through a real `tinyelf mcp serve --http` worker (the built CLI) whose
// workspace has a plugin with a tool that returns an image and one that counts its bytes.
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ToolProgress, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { startTinyelfWorker, type TinyelfWorker } from '@tinyelf/test-support/tinyelf-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteToolsPlugin } from './remote-tools-plugin';

const token = 'remote-media-token';
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';
const plugin = `export default {
  name: 'media-test',
  apiVersion: 1,
  createTools: () => [{
    name: 'Screenshot',
    description: 'Returns the screen.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute() {
      return { parts: [{ type: 'text', text: 'the screen:' }, { type: 'image', data: '${png}', mimeType: 'image/png' }] };
    },
  }, {
    name: 'Fetch',
    description: 'Receives 300 bytes, reporting them.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute(params, context) {
      for (const bytes of [100, 200, 300]) {
        context?.onProgress?.(bytes + ' bytes', { progress: bytes, total: 300 });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      context?.onProgress?.('almost done');
      return 'fetched';
    },
  }, {
    name: 'Steps',
    description: 'Reports two steps as text.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute(params, context) {
      for (const step of ['one', 'two']) {
        context?.onProgress?.(step);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return 'stepped';
    },
  }],
};
`;

let worker: TinyelfWorker;
let registry: ToolRegistry;

beforeAll(async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-remote-media-')));
  writeFileSync(join(root, 'media-plugin.mjs'), plugin);
  writeFileSync(
    join(root, 'tinyelf.config.json'),
    JSON.stringify({ plugins: ['@tinyelf/tool-fs', './media-plugin.mjs'] }),
  );
  worker = await startTinyelfWorker(root, token);
  const tools = await createRemoteToolsPlugin().createTools(
    createTestBuildContext({ config: { remote: { url: worker.url, token } } }),
  );
  registry = new ToolRegistry({ spillDirectory: false }).registerAll([...tools]);
}, 30_000);
afterAll(() => worker?.kill('SIGTERM'));

describe('a mirrored tool with media and progress', () => {
  it('returns the remote image as an image part', async () => {
    const result = await registry.execute('1', 'Screenshot', {});
    expect(result.isError).toBe(false);
    expect(result.parts).toEqual([
      { type: 'text', text: 'the screen:' },
      { type: 'image', data: png, mimeType: 'image/png' },
    ]);
    expect(result.content).toBe('the screen:\n[image: image/png, 70 bytes]');
  });

  it("passes the remote tool's progress counts on, and text-only reports as text", async () => {
    const reports: [string, ToolProgress | undefined][] = [];
    const onProgress = (message: string, progress?: ToolProgress) =>
      reports.push([message, progress]);
    const fetched = await registry.execute('2', 'Fetch', {}, { context: { onProgress } });
    expect(fetched.content).toBe('fetched');
    // The text-only report after counted ones cannot be a notification (MCP progress must rise).
    expect(reports).toEqual([
      ['100 bytes', { progress: 100, total: 300 }],
      ['200 bytes', { progress: 200, total: 300 }],
      ['300 bytes', { progress: 300, total: 300 }],
    ]);
    reports.length = 0;
    const stepped = await registry.execute('3', 'Steps', {}, { context: { onProgress } });
    expect(stepped.content).toBe('stepped');
    expect(reports).toEqual([
      ['one', undefined],
      ['two', undefined],
    ]);
  });
});
