// Runs every package's (and example's) smoke.mjs, each against its built dist on plain Node.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

let failed = 0;
for (const area of ['packages', 'examples']) {
  const directory = new URL(`../${area}/`, import.meta.url).pathname;
  for (const folder of readdirSync(directory).sort()) {
    const script = join(directory, folder, 'smoke.mjs');
    if (!existsSync(script)) {
      console.error(`${area}/${folder} has no smoke.mjs`);
      failed++;
      continue;
    }
    const run = spawnSync(process.execPath, [script], {
      cwd: join(directory, folder),
      stdio: 'inherit',
    });
    if (run.status !== 0) failed++;
  }
}
console.log(failed ? `smoke: ${failed} package(s) failed` : 'smoke: every package ok');
process.exitCode = failed ? 1 : 0;
