// Measures what a user installs: `npm i @tinyelf/core @tinyelf/tool-fs` and `npm i tinyelf`, from
// the packed tarballs (as published), each in a fresh folder outside the repository. Prints MB on
// disk (`du -sm node_modules`), the number of packages, and npm's install-script warnings.
// Usage: pnpm build && node scripts/install-size.mjs   (needs the npm registry for third-party packages)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packAll } from './pack-packages.mjs';

const work = mkdtempSync(join(tmpdir(), 'tinyelf-install-size-'));
const tarballs = await packAll(join(work, 'tarballs'));

/** Every @tinyelf package as an override to its tarball, so npm never asks the registry for them. */
const overrides = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]));

function countPackages(folder) {
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const inner = join(folder, entry.name);
    if (entry.name.startsWith('@')) count += countPackages(inner);
    else {
      count += 1;
      try {
        count += countPackages(join(inner, 'node_modules'));
      } catch {
        // no nested node_modules
      }
    }
  }
  return count;
}

function measure(label, names) {
  const folder = join(work, label.replace(/\W+/g, '-'));
  mkdirSync(folder);
  const dependencies = Object.fromEntries(
    names.map((name) => [name, `file:${tarballs.get(name)}`]),
  );
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'measure', private: true, dependencies, overrides }, null, 2),
  );
  const log = execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn'],
    { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const megabytes = Number(
    execFileSync('du', ['-sm', 'node_modules'], { cwd: folder, encoding: 'utf8' }).split('\t')[0],
  );
  const scripts = execFileSync(
    'npm',
    [
      'query',
      ':attr(scripts, [install]), :attr(scripts, [postinstall]), :attr(scripts, [preinstall])',
    ],
    { cwd: folder, encoding: 'utf8' },
  );
  const withScripts = JSON.parse(scripts).map((entry) => entry.name);
  const packages = countPackages(join(folder, 'node_modules'));
  console.log(
    `npm i ${label}: ${megabytes} MB, ${packages} packages, install scripts: ${withScripts.join(', ') || 'none'}`,
  );
  if (log.trim()) console.log(log.trim());
  return { megabytes, packages, withScripts };
}

try {
  measure('@tinyelf/core @tinyelf/tool-fs', ['@tinyelf/core', '@tinyelf/tool-fs']);
  measure('tinyelf', ['tinyelf']);
} finally {
  rmSync(work, { recursive: true, force: true });
}
