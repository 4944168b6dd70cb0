import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ToolProgress, ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { createShellTool } from './bash';

function registry() {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-bash-progress-')));
  return new ToolRegistry({ workspaceRoot }).register(
    createShellTool({ workspaceRoot, sandbox: 'none' }),
  );
}

describe('Bash progress', () => {
  it('reports lines as they arrive, before the call ends', async () => {
    const events: { message: string; progress?: ToolProgress; ended: boolean }[] = [];
    let ended = false;
    const result = await registry()
      .execute(
        'call',
        'Bash',
        { command: 'for i in 1 2 3; do echo $i; sleep 0.4; done' },
        {
          context: {
            onProgress: (message, progress) => events.push({ message, progress, ended }),
          },
        },
      )
      .finally(() => {
        ended = true;
      });
    expect(result.content).toBe('1\n2\n3\n\nExit code 0.');
    expect(events.every((event) => !event.ended)).toBe(true);
    expect(events.map((event) => event.message)).toEqual([
      '1 line, 2 bytes: 1',
      '2 lines, 4 bytes: 2',
      '3 lines, 6 bytes: 3',
    ]);
    expect(events.map((event) => event.progress)).toEqual([
      { progress: 2 },
      { progress: 4 },
      { progress: 6 },
    ]);
  });

  it('reports at most every 250 ms, the latest line last', async () => {
    const times: number[] = [];
    const messages: string[] = [];
    const started = performance.now();
    await registry().execute(
      'call',
      'Bash',
      { command: 'for i in $(seq 1 60); do echo "step $i"; sleep 0.02; done' },
      {
        context: {
          onProgress: (message) => {
            times.push(performance.now() - started);
            messages.push(message);
          },
        },
      },
    );
    // About 1.2 s of output: a handful of reports, not sixty.
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.length).toBeLessThan(12);
    for (let index = 1; index < times.length; index++)
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(245);
    expect(messages.at(-1)).toMatch(/^\d+ lines, \d+ bytes: step \d+$/);
  });
});
