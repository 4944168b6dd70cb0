// `node scripts/bench-one.mjs <package>`: runs one package's benchmark (its `bench` script) and
// puts its figures into BENCHMARKS.md in place of that package's table, with a line saying when it
// ran alone and the load average before and after; every other table and the prose around them
// stay as they are, and the Goals summary is counted again from all the tables. For a package
// whose benchmark was changed or re-measured without running every benchmark (`pnpm bench`).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figureTable, goalsSummary, tableRows } from './bench-tables.mjs';

const name = process.argv[2];
if (!name) {
  console.error('usage: node scripts/bench-one.mjs <package name, such as @tinyelf/tool-remote>');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const benchmarks = join(root, 'BENCHMARKS.md');
if (!existsSync(join(root, 'packages/cli/dist/bin.js')))
  execFileSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });

const out = join(mkdtempSync(join(tmpdir(), 'tinyelf-bench-')), 'figures.jsonl');
writeFileSync(out, '');
const loadBefore = loadavg()[0];
const started = new Date();
const run = spawnSync('pnpm', ['--filter', name, 'run', 'bench'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TINYELF_BENCH_OUT: out },
});
const loadAfter = loadavg()[0];
if (run.status !== 0) {
  console.error(`The benchmark failed (exit ${run.status}); BENCHMARKS.md was not changed.`);
  process.exit(run.status ?? 1);
}
const figures = readFileSync(out, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((figure) => figure.package === name);
if (figures.length === 0) {
  console.error(`${name} recorded no figures; BENCHMARKS.md was not changed.`);
  process.exit(1);
}

const lines = readFileSync(benchmarks, 'utf8').split('\n');
const header = lines.indexOf(`## ${name}`);
if (header < 0) {
  console.error(
    `BENCHMARKS.md has no "## ${name}" section; run pnpm bench to write every section.`,
  );
  process.exit(1);
}
const ranAlone = `Measured alone: \`node scripts/bench-one.mjs ${name}\` on ${started.toISOString()}, load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after on ${cpus().length} cores.`;
// The section's table (and a previous "Measured alone" line) is replaced; other prose is kept.
let first = header + 1;
while (first < lines.length && !lines[first].startsWith('|') && !lines[first].startsWith('## '))
  first++;
let last = first;
while (last < lines.length && lines[last].startsWith('|')) last++;
const before = lines
  .slice(header + 1, first)
  .filter((line) => !line.startsWith('Measured alone: '))
  .join('\n')
  .trim();
lines.splice(
  header + 1,
  last - header - 1,
  '',
  ...(before ? [before, ''] : []),
  ranAlone,
  '',
  ...figureTable(figures),
);

// The Goals summary, counted from every table of the document.
const rows = tableRows(lines);
const goalsAt = lines.indexOf('## Goals');
let goalsEnd = goalsAt + 1;
while (goalsEnd < lines.length && !lines[goalsEnd].startsWith('## ')) goalsEnd++;
lines.splice(goalsAt, goalsEnd - goalsAt, ...goalsSummary(rows));
writeFileSync(benchmarks, lines.join('\n'));
// Tables padded as the repository's formatter (biome) keeps Markdown.
spawnSync('pnpm', ['exec', 'biome', 'format', '--write', 'BENCHMARKS.md'], { cwd: root });
console.log(`\nBENCHMARKS.md: the ${name} table (${figures.length} figures) and the goals.`);
