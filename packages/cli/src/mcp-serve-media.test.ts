import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect, PNG_BASE64, serve } from './testing/mcp-serve-fixture';

describe('tinyelf mcp serve: media results and progress counts', () => {
  it('returns image and audio parts as MCP image and audio content blocks', async () => {
    const { url } = await serve();
    const client = await connect(url);
    const result = await client.callTool({ name: 'snapshot', arguments: {} });
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([
      { type: 'text', text: 'the screen:' },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
    ]);
  });

  it("sends the tool's own progress and total, each notification higher than the last", async () => {
    const { url } = await serve();
    const client = await connect(url);
    const progress: Progress[] = [];
    const result = await client.callTool({ name: 'download', arguments: {} }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'downloaded' }]);
    // The repeated 2000 is left out: MCP requires progress to increase.
    expect(progress).toEqual([
      { progress: 1000, total: 3000, message: '1000 bytes' },
      { progress: 2000, total: 3000, message: '2000 bytes' },
      { progress: 3000, total: 3000, message: '3000 bytes' },
    ]);
  });
});
