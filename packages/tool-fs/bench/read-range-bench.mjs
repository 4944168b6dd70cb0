// Peak memory of Read of lines 1,000,000-1,000,100 of a 1 GB file, in a fresh process. Run after
// `pnpm build`: node bench/read-range-bench.mjs
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';

const folder = tmpdir();
const file = join(folder, 'tinyelf-bench-1gb.log');
if (!existsSync(file) || statSync(file).size < 1 << 30) {
  const handle = openSync(file, 'w');
  const line = `${'x'.repeat(99)}\n`;
  const chunk = line.repeat(10_000);
  for (let written = 0; written < 1 << 30; written += chunk.length) writeSync(handle, chunk);
  closeSync(handle);
}
const script = `
  import { createFileSystemTools } from '@tinyelf/tool-fs';
  const [read] = createFileSystemTools({ workspaceRoot: ${JSON.stringify(folder)} });
  const started = performance.now();
  const text = await read.execute({ path: 'tinyelf-bench-1gb.log', offset: 1000000, limit: 100 });
  const elapsed = performance.now() - started;
  if (!text.startsWith('1000000\\t')) throw new Error('wrong lines');
  console.log(JSON.stringify({ elapsed, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
  cwd: process.cwd(),
  encoding: 'utf8',
});
if (run.status !== 0) throw new Error(run.stderr);
const { elapsed, maxRssMb } = JSON.parse(run.stdout);
record({
  measurement: 'Read offset=1,000,000 limit=100 of a 1 GB file: peak RSS of the process',
  value: maxRssMb,
  unit: 'MB',
  goal: { text: '< 100 MB', met: maxRssMb < 100 },
  note: `${elapsed.toFixed(0)} ms`,
});
console.log(
  `| Read offset=1,000,000 limit=100 of a ${(statSync(file).size / 2 ** 30).toFixed(1)} GB file | ${elapsed.toFixed(0)} ms | peak RSS ${maxRssMb.toFixed(0)} MB | ${maxRssMb < 100 ? 'met' : 'MISSED'} (< 100 MB) |`,
);
