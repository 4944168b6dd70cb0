// Runs every package's smoke.mjs, each against that package's built dist on plain Node.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const packagesDirectory = new URL('../packages/', import.meta.url).pathname;
let failed = 0;
for (const folder of readdirSync(packagesDirectory).sort()) {
  const script = join(packagesDirectory, folder, 'smoke.mjs');
  if (!existsSync(script)) {
    console.error(`packages/${folder} has no smoke.mjs`);
    failed++;
    continue;
  }
  const run = spawnSync(process.execPath, [script], {
    cwd: join(packagesDirectory, folder),
    stdio: 'inherit',
  });
  if (run.status !== 0) failed++;
}
console.log(failed ? `smoke: ${failed} package(s) failed` : 'smoke: every package ok');
process.exitCode = failed ? 1 : 0;
