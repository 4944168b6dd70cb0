// Skill archive bombs (tar.gz and zip) against installSkillArchive, each in a fresh process so its
// memory is its own (3 processes per bomb, the median of each figure): wall time to the refusal,
// RSS growth, the longest event-loop delay, and the decompressed bytes counted. Anchor: a bare zlib.gunzipSync of the reported bomb (what a
// synchronous decompressor does with it). Goal (issue 14): refused within 1 s and 50 MB of memory,
// the event loop never blocked for more than 100 ms. Run after `pnpm build`:
// node bench/archive-bench.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { bombs, warmUp } from './archive-bombs.mjs';

const folder = mkdtempSync(join(tmpdir(), 'tinyelf-archive-bench-'));
const warmPath = join(folder, 'warm.tar.gz');
writeFileSync(warmPath, warmUp());

const measure = (body) => `
  import { mkdtempSync, readFileSync } from 'node:fs';
  import { tmpdir } from 'node:os';
  import { join } from 'node:path';
  import { monitorEventLoopDelay } from 'node:perf_hooks';
  import { gunzipSync } from 'node:zlib';
  import { installSkillArchive } from '@tinyelf/tool-skills';
  const archive = readFileSync(process.env.ARCHIVE);
  const skillsFolder = () => mkdtempSync(join(tmpdir(), 'tinyelf-archive-bench-skills-'));
  await installSkillArchive({ archive: readFileSync(process.env.WARM), format: 'tar.gz', skillsFolder: skillsFolder() });
  const before = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 20)); // The first tick sets the baseline.
  let work = { bytes: 0 };
  let message = 'installed';
  const started = performance.now();
  try { ${body} } catch (error) { message = error.message; }
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20)); // Let a late timer tick be recorded.
  histogram.disable();
  clearInterval(sampler);
  const peakAfter = process.resourceUsage().maxRSS * 1024;
  const growth = (peakAfter > peakBefore ? Math.max(peakAfter, peak) : peak) - before;
  console.log(JSON.stringify({ ms, mb: growth / 2 ** 20, delay: histogram.max / 1e6, bytes: work.bytes, message }));`;

function run(script, path) {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ARCHIVE: path, WARM: warmPath },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

/** Fresh processes per bomb; each figure is their median (the machine may be shared). */
const runs = 3;
function median(results) {
  const middle = (key) => results.map((result) => result[key]).sort((a, b) => a - b)[1];
  return { ...results[0], ms: middle('ms'), mb: middle('mb'), delay: middle('delay') };
}

const installBody = `await installSkillArchive({ archive, format: process.env.FORMAT, skillsFolder: skillsFolder(), onWork: (done) => { work = done; } });`;
const rows = [];
let index = 0;
for (const [name, build] of Object.entries(bombs)) {
  const { archive, format } = build();
  const path = join(folder, `bomb-${index++}.${format}`);
  writeFileSync(path, archive);
  process.env.FORMAT = format;
  const result = median(Array.from({ length: runs }, () => run(measure(installBody), path)));
  const anchor =
    index === 1
      ? median(
          Array.from({ length: runs }, () =>
            run(measure('const out = gunzipSync(archive); work = { bytes: out.length };'), path),
          ),
        )
      : undefined;
  const met =
    result.ms < 1000 && result.mb < 50 && result.delay < 100 && result.message !== 'installed';
  rows.push({ name, size: archive.length, ...result, anchor, met });
  const detail = `${(archive.length / 1024).toFixed(0)} KB archive; ${(result.bytes / 2 ** 20).toFixed(1)} MB decompressed before the refusal`;
  record({
    measurement: `${name}: time to refusal`,
    value: result.ms,
    unit: 'ms',
    ...(anchor ? { anchor: { label: 'bare zlib.gunzipSync of it', value: anchor.ms } } : {}),
    goal: { text: 'refused within 1 s', met: result.ms < 1000 && result.message !== 'installed' },
    note: detail,
  });
  record({
    measurement: `${name}: RSS growth`,
    value: result.mb,
    unit: 'MB',
    ...(anchor ? { anchor: { label: 'bare zlib.gunzipSync of it', value: anchor.mb } } : {}),
    goal: { text: 'under 50 MB', met: result.mb < 50 },
  });
  record({
    measurement: `${name}: longest event-loop delay`,
    value: result.delay,
    unit: 'ms',
    ...(anchor ? { anchor: { label: 'bare zlib.gunzipSync of it', value: anchor.delay } } : {}),
    goal: { text: 'under 100 ms', met: result.delay < 100 },
  });
}

console.log(
  '\n| bomb | archive | refused after | RSS growth | longest loop delay | decompressed | goal | refusal |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${(row.size / 1024).toFixed(0)} KB | ${row.ms.toFixed(0)} ms | ${row.mb.toFixed(1)} MB | ${row.delay.toFixed(1)} ms | ${(row.bytes / 2 ** 20).toFixed(1)} MB | ${row.met ? 'met' : 'MISSED'} | ${row.message.replace('The skill was not installed: ', '').slice(0, 90)} |`,
  );
  if (row.anchor)
    console.log(
      `| (anchor) bare zlib.gunzipSync of it | | ${row.anchor.ms.toFixed(0)} ms | ${row.anchor.mb.toFixed(1)} MB | ${row.anchor.delay.toFixed(1)} ms | ${(row.anchor.bytes / 2 ** 20).toFixed(1)} MB | | |`,
    );
}
