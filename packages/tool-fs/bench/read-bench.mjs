// Per-call time of Read (a 4 KB file, and lines 500-520 of a 1 MB file) and ListDir (a folder of
// 200 entries), through the registry, median of many calls. Run after `pnpm build`:
// node bench/read-bench.mjs
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { createFileSystemTools } from '@tinyelf/tool-fs';

const root = mkdtempSync(join(tmpdir(), 'tinyelf-read-bench-'));
const line = `${'const value = options.registry;'.padEnd(63, ' ')}\n`;
writeFileSync(join(root, 'small.ts'), line.repeat(64));
writeFileSync(join(root, 'large.ts'), line.repeat(16_384));
mkdirSync(join(root, 'folder'));
for (let index = 0; index < 200; index++)
  writeFileSync(join(root, 'folder', `file-${index}.ts`), line);
const registry = new ToolRegistry({
  workspaceRoot: root,
  maxChars: 10_000_000,
  spillDirectory: false,
}).registerAll(createFileSystemTools({ workspaceRoot: root }));
const calls = Number(process.env.BENCH_CALLS ?? 2000);

async function median(name, params) {
  for (let index = 0; index < 50; index++) await registry.execute('warm', name, params);
  const times = [];
  for (let index = 0; index < calls; index++) {
    const started = process.hrtime.bigint();
    const result = await registry.execute('bench', name, params);
    times.push(Number(process.hrtime.bigint() - started) / 1e3);
    if (result.isError) throw new Error(result.content);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

console.log(`| measurement | median per call (${calls} calls) |`);
console.log('|---|---|');
for (const [label, name, params] of [
  ['Read of a 4 KB file', 'Read', { path: 'small.ts' }],
  ['Read lines 500-520 of a 1 MB file', 'Read', { path: 'large.ts', offset: 500, limit: 20 }],
  ['ListDir of a 200-entry folder', 'ListDir', { path: 'folder' }],
]) {
  const time = await median(name, params);
  record({ measurement: label, value: time, unit: 'µs' });
  console.log(`| ${label} | ${time.toFixed(0)} µs |`);
}
