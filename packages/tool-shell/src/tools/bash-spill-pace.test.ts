import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShellTool } from './bash';

describe('Bash spill file pace', () => {
  it('paces the command by the spill file instead of holding its output in memory', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-bash-pace-')));
    // The "disk" is a FIFO whose reader opens it at once but reads nothing for 1.5 s.
    const fifo = join(folder, 'spill.fifo');
    const copy = join(folder, 'copy.txt');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('bash', ['-c', `exec 3<"${fifo}"; sleep 1.5; cat <&3 > "${copy}"`]);
    const readerDone = new Promise((resolve) => reader.on('exit', resolve));
    const started = performance.now();
    const progress: { at: number; bytes: number }[] = [];
    const output = await createShellTool({ workspaceRoot: folder, sandbox: 'none' }).execute(
      { command: 'head -c 50000000 /dev/zero; echo done' },
      {
        toolCallId: 'call',
        signal: new AbortController().signal,
        onProgress: (_message, reported) =>
          progress.push({ at: performance.now() - started, bytes: reported?.progress ?? 0 }),
        outputLimit: {
          maxChars: 50_000,
          keep: 'head-and-tail',
          openSpillFile: async () => ({ path: fifo, handle: await open(fifo, 'w') }),
        },
      },
    );
    const elapsed = performance.now() - started;
    await readerDone;
    expect(output).toMatchObject({ truncated: true, fullOutputPath: fifo });
    // While the file took nothing, the command got no further than a few buffers' worth.
    const stalled = progress.filter((event) => event.at < 1300);
    expect(stalled.length).toBeGreaterThan(0);
    expect(Math.max(...stalled.map((event) => event.bytes))).toBeLessThan(5_000_000);
    expect(elapsed).toBeGreaterThan(1400);
    // Then everything arrived, in full.
    expect(statSync(copy).size).toBe(50_000_005);
  });
});
