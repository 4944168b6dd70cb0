import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ToolProgress,
  ToolRegistry,
  toAnthropicToolResult,
  toGeminiFunctionResponse,
} from '@tinyelf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpService } from '../service/mcp-service';
import { everythingServer, filesystemServer } from '../testing/servers';

// A 1x1 PNG (a real image file a real MCP server reads from disk).
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

let service: McpService;
let registry: ToolRegistry;
let folder: string;

beforeAll(async () => {
  folder = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-mcp-media-')));
  writeFileSync(join(folder, 'dot.png'), Buffer.from(PNG_BASE64, 'base64'));
  service = new McpService(
    [
      {
        id: 'everything',
        transport: 'stdio',
        command: process.execPath,
        args: [everythingServer, 'stdio'],
      },
      { id: 'fs', transport: 'stdio', command: process.execPath, args: [filesystemServer, folder] },
    ],
    { connectTimeoutMs: 20_000 },
  );
  await service.start();
  registry = new ToolRegistry({ spillDirectory: false });
  service.attach(registry);
}, 40_000);

afterAll(async () => {
  await service?.dispose();
});

describe('MCP results as parts, from real servers', () => {
  it("passes server-everything's image through as an image part, in Anthropic and Gemini formats", async () => {
    const result = await registry.execute('c1', 'mcp__everything__get-tiny-image', {});
    expect(result.isError).toBe(false);
    expect(result.parts).toEqual([
      { type: 'text', text: "Here's the image you requested:" },
      { type: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBORw0KGgo/) },
      { type: 'text', text: 'The image above is the MCP logo.' },
    ]);
    // A text-only model reads a line, never the base64.
    expect(result.content).toMatch(
      /^Here's the image you requested:\n\[image: image\/png, \d+ bytes\]\n/,
    );
    expect(result.content).not.toContain('iVBORw0KGgo');

    const anthropic = toAnthropicToolResult(result);
    expect(anthropic.content.map((block) => block.type)).toEqual(['text', 'image', 'text']);
    expect(anthropic.content[1]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: expect.stringMatching(/^iVBOR/) },
    });

    const [gemini] = toGeminiFunctionResponse(result);
    const response = (gemini as { functionResponse: Record<string, unknown> }).functionResponse;
    expect(response.parts).toEqual([
      {
        inlineData: {
          mimeType: 'image/png',
          data: expect.stringMatching(/^iVBOR/),
          displayName: 'image-1.png',
        },
      },
    ]);
    expect((response.response as { output: string }).output).toContain('attached as image-1.png');
  });

  it("does not render server-filesystem's structuredContent that repeats the image", async () => {
    const result = await registry.execute('c2', 'mcp__fs__read_media_file', {
      path: join(folder, 'dot.png'),
    });
    expect(result.isError).toBe(false);
    expect(result.parts).toEqual([{ type: 'image', mimeType: 'image/png', data: PNG_BASE64 }]);
    expect(result.content).toBe('[image: image/png, 70 bytes]');
  });

  it('shows an embedded text resource as text and a blob resource as a line', async () => {
    const text = await registry.execute('c3', 'mcp__everything__get-resource-reference', {
      resourceType: 'Text',
      resourceId: 2,
    });
    expect(text.content).toMatch(/\[resource demo:\/\/resource\/dynamic\/text\/2\]\nResource 2:/);
    expect(text.parts).toBeUndefined();
    const blob = await registry.execute('c4', 'mcp__everything__get-resource-reference', {
      resourceType: 'Blob',
      resourceId: 3,
    });
    expect(blob.content).toMatch(
      /\[resource: demo:\/\/resource\/dynamic\/blob\/3 \(text\/plain\), \d+ bytes\]/,
    );
  });

  it("forwards the server's progress notifications before the result", async () => {
    const events: { message: string; progress?: ToolProgress; at: number }[] = [];
    const result = await registry.execute(
      'c5',
      'mcp__everything__trigger-long-running-operation',
      { duration: 0.8, steps: 4 },
      {
        context: {
          onProgress: (message, progress) => events.push({ message, progress, at: Date.now() }),
        },
      },
    );
    const finished = Date.now();
    expect(result.content).toContain('Long running operation completed');
    // The SDK handles a notification a tick after reading it and drops the handler when the
    // answer comes, so the server's last report (sent just before its answer) may be lost.
    expect(events.slice(0, 2).map(({ message, progress }) => ({ message, progress }))).toEqual([
      { message: '1/4', progress: { progress: 1, total: 4 } },
      { message: '2/4', progress: { progress: 2, total: 4 } },
    ]);
    expect(events[0]!.at).toBeLessThan(finished);
  });
});
