// Checks every publishable package (packages/*, and the example plugin) as npm would publish it: packs each (`pnpm pack`), then runs
// publint (strict: warnings are errors) and Are the Types Wrong (`attw`) on the tarball. The
// packages are ESM-only for Node >= 20.19, so attw runs with `--profile esm-only` (it does not
// judge `require` from CommonJS or the node10 resolver). Run after `pnpm build`; no network needed.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packAll, root } from './pack-packages.mjs';

const run = promisify(execFile);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'tinyelf-check-packages-'));
const failures = [];

async function check(name, tarball) {
  const checks = [
    ['publint', [bin('publint'), 'run', tarball, '--strict']],
    ['attw', [bin('attw'), tarball, '--profile', 'esm-only', '--no-emoji', '--no-color']],
  ];
  for (const [tool, [command, ...args]] of checks) {
    try {
      await run(command, args, { cwd: work, maxBuffer: 16 * 2 ** 20 });
    } catch (error) {
      failures.push(`${name}: ${tool} found problems:\n${error.stdout}${error.stderr}`);
    }
  }
}

try {
  const tarballs = await packAll(work, ['packages', 'examples']);
  await Promise.all([...tarballs].map(([name, tarball]) => check(name, tarball)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failures.length) {
    console.error(failures.join('\n'));
    console.error(`Packaging checks: ${failures.length} problem(s) in ${tarballs.size} packages.`);
    process.exitCode = 1;
  } else {
    console.log(
      `Packaging checks: publint and attw clean on ${tarballs.size} packages (${seconds} s).`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
