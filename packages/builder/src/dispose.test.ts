import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildToolRegistry } from './tool-registry-builder';

const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

/** Live (not zombie) processes started by this process that run a given script. */
function children(script: string): number {
  return execFileSync('ps', ['-eo', 'pid,ppid,stat,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(script))
    .map((line) => line.trim().split(/\s+/))
    .filter(([, parent, state]) => Number(parent) === process.pid && !state?.startsWith('Z'))
    .length;
}

describe('dispose', () => {
  it('ends the MCP server processes a build started', async () => {
    const built = await buildToolRegistry({
      config: {
        plugins: ['@tinyelf/tool-mcp'],
        mcp: {
          servers: [
            {
              id: 'everything',
              transport: 'stdio',
              command: process.execPath,
              args: [everything, 'stdio'],
            },
          ],
        },
      },
    });
    expect(built.registry.has('mcp__everything__echo')).toBe(true);
    expect(
      (
        await built.registry.execute(
          'c',
          'mcp__everything__echo',
          { message: 'hi' },
          { confirm: () => true },
        )
      ).content,
    ).toBe('Echo: hi');
    expect(children(everything)).toBe(1);
    await built.dispose();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(children(everything)).toBe(0);
  });
});
