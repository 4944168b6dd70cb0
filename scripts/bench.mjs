// `pnpm bench`: runs every package's benchmarks one after another (each prints its own table) and
// writes BENCHMARKS.md: every figure beside the bare anchor measured in the same run, the ratio,
// and each goal of the package issues marked met or missed, with the machine described.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, freemem, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figureTable, goalsSummary, tableRows } from './bench-tables.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(mkdtempSync(join(tmpdir(), 'tinyelf-bench-')), 'figures.jsonl');
writeFileSync(out, '');

if (!existsSync(join(root, 'packages/cli/dist/bin.js'))) {
  console.log('Building first (pnpm build)...');
  execFileSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
}

const started = new Date();
const run = spawnSync(
  'pnpm',
  ['-r', '--filter', './packages/**', '--workspace-concurrency=1', 'run', 'bench'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TINYELF_BENCH_OUT: out } },
);
if (run.status !== 0) {
  console.error(`A benchmark failed (exit ${run.status}); BENCHMARKS.md was not written.`);
  process.exit(run.status ?? 1);
}
const minutes = (Date.now() - started.getTime()) / 60_000;

const figures = readFileSync(out, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

function firstLine(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).split('\n')[0].trim();
  } catch {
    return `${command}: not available`;
  }
}
const osName = existsSync('/etc/os-release')
  ? (/^PRETTY_NAME="?([^"\n]*)/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? 'Linux')
  : process.platform;

const lines = [
  '# Benchmarks',
  '',
  `Written by \`pnpm bench\` (scripts/bench.mjs) on ${started.toISOString()}, in ${minutes.toFixed(1)} minutes.`,
  'Every figure stands beside its anchor, the bare operation measured in the same run on the same',
  'machine, and the ratio between them; a goal set in the package issues is marked met or missed.',
  "Each package's README explains its figures and what was tried.",
  '',
  '## Machine',
  '',
  `- CPU: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores`,
  `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB (${(freemem() / 2 ** 30).toFixed(1)} GiB free at the end)`,
  `- OS: ${osName}, kernel ${release()}`,
  `- Node ${process.version}; ${firstLine('rg', ['--version'])}; ${firstLine('bash', ['--version'])}`,
  '',
];

for (const name of [...new Set(figures.map((figure) => figure.package))])
  lines.push(
    `## ${name}`,
    '',
    ...figureTable(figures.filter((entry) => entry.package === name)),
    '',
  );
// The Goals summary goes after the machine, counted from the tables.
lines.splice(lines.indexOf('## Machine') + 7, 0, ...goalsSummary(tableRows(lines)));

// The install sizes are measured by scripts/install-size.mjs (it installs with npm from the
// registry), not by this run: their section is kept as it is, last.
const benchmarks = join(root, 'BENCHMARKS.md');
const previous = existsSync(benchmarks) ? readFileSync(benchmarks, 'utf8') : '';
const installSize = previous.indexOf('\n## Install size\n');
if (installSize >= 0) lines.push(previous.slice(installSize + 1).trimEnd(), '');
writeFileSync(benchmarks, lines.join('\n'));
// Tables padded as the repository's formatter (biome) keeps Markdown.
spawnSync('pnpm', ['exec', 'biome', 'format', '--write', 'BENCHMARKS.md'], { cwd: root });
console.log(`\nBENCHMARKS.md: ${figures.length} figures, ${goalsSummary(tableRows(lines))[2]}`);
