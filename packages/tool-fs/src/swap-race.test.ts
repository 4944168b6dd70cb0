import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { createFileSystemTools } from './create-file-system-tools';
import { createTestWorkspace } from './testing/test-workspace';

/** Rounds of calls; each makes 10 to 14 calls (about 11 on average). Raise it for a longer run. */
const rounds = Number(process.env.TINYELF_RACE_ROUNDS ?? 250);
const marker = 'OUTSIDE-MARKER';

/**
 * The attacker: a separate process that, again and again, moves the folder `dir` away and puts a
 * symbolic link to the outside folder in its place (then back), and replaces the file `note.txt`
 * by a symbolic link to an outside file (then back), each with an atomic rename. It counts its
 * swaps and writes the count when told to stop.
 */
const attackerScript = `
const fs = require('fs');
const [ws, outside, stage, countFile] = process.argv.slice(1);
let swaps = 0;
const quiet = (step) => { try { step(); } catch {} };
function batch() {
  for (let index = 0; index < 25; index++) {
    quiet(() => { fs.renameSync(ws + '/dir', stage + '/dir'); fs.symlinkSync(outside, ws + '/dir'); });
    quiet(() => { fs.symlinkSync(outside + '/note.txt', ws + '/note.tmp'); fs.renameSync(ws + '/note.tmp', ws + '/note.txt'); });
    quiet(() => { fs.unlinkSync(ws + '/dir'); fs.renameSync(stage + '/dir', ws + '/dir'); });
    quiet(() => { fs.writeFileSync(ws + '/note.new', 'note inside needle\\n'); fs.renameSync(ws + '/note.new', ws + '/note.txt'); });
    swaps++;
    const until = process.hrtime.bigint() + 300000n; // a moment with everything in place
    while (process.hrtime.bigint() < until);
  }
  setImmediate(batch);
}
process.on('SIGTERM', () => { fs.writeFileSync(countFile, String(swaps)); process.exit(0); });
setTimeout(() => process.exit(1), 120000).unref();
batch();
`;

describe('file tools against a process swapping folders and files for symbolic links', () => {
  it(`never return outside content or names (${rounds} rounds of Read, ListDir, Glob and Grep with both engines)`, async () => {
    const workspace = createTestWorkspace({
      'dir/file.txt': 'needle inside\n',
      'dir/sub/deep.txt': 'needle deep inside\n',
      'note.txt': 'note inside needle\n',
    });
    const outsideFiles = {
      'file.txt': `needle ${marker} file\n`,
      'sub/deep.txt': `needle ${marker} deep\n`,
      [`${marker}-name.txt`]: `needle ${marker} named\n`,
      'note.txt': `needle ${marker} note\n`,
    };
    for (const [path, content] of Object.entries(outsideFiles)) {
      mkdirSync(dirname(join(workspace.outside, path)), { recursive: true });
      writeFileSync(join(workspace.outside, path), content);
    }
    const stage = join(dirname(workspace.root), 'stage');
    mkdirSync(stage);
    const javascript = new ToolRegistry({
      workspaceRoot: workspace.root,
      maxChars: 1_000_000,
      spillDirectory: false,
    }).registerAll(createFileSystemTools({ workspaceRoot: workspace.root, ripgrep: false }));
    const calls: [string, ToolRegistry, Record<string, unknown>][] = [
      ['Read', workspace.registry, { path: 'dir/file.txt' }],
      ['Read', workspace.registry, { path: 'dir/sub/deep.txt' }],
      ['Read', workspace.registry, { path: 'note.txt' }],
      ['ListDir', workspace.registry, { path: 'dir' }],
      ['ListDir', workspace.registry, { path: 'dir/sub' }],
      ['Glob', workspace.registry, { pattern: '**/*.txt' }],
      ['Glob', javascript, { pattern: '**/*.txt' }],
      ['Grep', workspace.registry, { pattern: 'needle' }],
      ['Grep', workspace.registry, { pattern: 'needle', path: 'dir', output_mode: 'count' }],
      ['Grep', javascript, { pattern: 'needle' }],
      ['Grep', javascript, { pattern: 'needle', path: 'dir', output_mode: 'files_with_matches' }],
      ['Grep', javascript, { pattern: 'needle', path: 'note.txt' }],
      ['Read', javascript, { path: 'dir/file.txt', offset: 1, limit: 1 }],
      ['ListDir', javascript, { path: '.' }],
    ];

    // ripgrep runs are a process each (~10-50 ms); they run every fifth round, fast-glob every other.
    const every = new Map(
      calls.map((call) => [
        call,
        call[1] !== javascript && (call[0] === 'Glob' || call[0] === 'Grep')
          ? 5
          : call[0] === 'Glob'
            ? 2
            : 1,
      ]),
    );
    const describeCall = ([tool, registry, params]: (typeof calls)[number]) =>
      `${tool} ${registry === javascript ? '(JavaScript)' : '(ripgrep)'} ${JSON.stringify(params)}`;
    const countFile = join(stage, '..', 'swaps');
    const attacker = spawn(
      process.execPath,
      ['-e', attackerScript, workspace.root, workspace.outside, stage, countFile],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => attacker.on('exit', resolve));
    const leaks: string[] = [];
    const insideSeen = new Map<string, number>();
    let made = 0;
    try {
      for (let round = 0; round < rounds; round++) {
        for (const call of calls) {
          const [tool, registry, params] = call;
          if (round % (every.get(call) ?? 1) !== 0) continue;
          const result = await registry.execute(`race-${made++}`, tool, params);
          if (result.content.includes(marker))
            leaks.push(`${describeCall(call)}: ${result.content}`);
          else if (!result.isError && /inside|file\.txt|deep\.txt|note\.txt/.test(result.content)) {
            const key = describeCall(call);
            insideSeen.set(key, (insideSeen.get(key) ?? 0) + 1);
          }
        }
      }
    } finally {
      attacker.kill('SIGTERM');
      await exited;
    }
    const swaps = Number(readFileSync(countFile, 'utf8'));
    console.log(`${made} calls, ${swaps} swaps, ${leaks.length} with outside content`);
    expect(made).toBeGreaterThan(rounds * 10);
    expect(swaps, 'the attacker kept swapping').toBeGreaterThan(rounds);
    expect(leaks, 'calls that returned outside content or names').toEqual([]);
    // Not vacuous: calls of most kinds succeeded with inside content while the swaps went on (how
    // often depends on the scheduling), and once the swapping stopped, every call shows it.
    expect(insideSeen.size).toBeGreaterThanOrEqual(calls.length / 2);
    writeFileSync(join(workspace.root, 'note.txt'), 'note inside needle\n');
    for (const call of calls) {
      const [tool, registry, params] = call;
      const result = await registry.execute('after', tool, params);
      expect(result.content, describeCall(call)).toMatch(/inside|file\.txt|deep\.txt|note\.txt/);
    }
  }, 120_000);
});
