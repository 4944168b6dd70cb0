// Writes the build context of the Containerfile: every publishable package packed (`pnpm pack`,
// as published), then installed with npm (production dependencies only) into <folder>/tinyelf/:
// the tinyelf CLI from its tarball, every @tinyelf package from its own (overrides, never the
// registry), and pg for PostgreSQL sessions. The packages are plain JavaScript (no install
// scripts, no native modules), so the install made here runs on the image's Node. Run
// `pnpm build` first; npm needs the npm registry (or its cache) for third-party dependencies.
// Usage: node scripts/container-context.mjs FOLDER
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { packAll, root } from './pack-packages.mjs';

const run = promisify(execFile);

/** The catalog's range of a dependency (pnpm-workspace.yaml). */
function catalogRange(name) {
  const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const range = new RegExp(`^\\s+"?${name}"?: (.+)$`, 'm').exec(workspace)?.[1];
  if (!range) throw new Error(`${name} is not in the catalog of pnpm-workspace.yaml`);
  return range.trim();
}

/** Packs the packages and installs them into `folder`/tinyelf; returns the folder. */
export async function writeContainerContext(folder) {
  const install = join(resolve(folder), 'tinyelf');
  mkdirSync(install, { recursive: true });
  const packed = mkdtempSync(join(tmpdir(), 'tinyelf-packed-'));
  try {
    const tarballs = await packAll(packed);
    const local = Object.fromEntries(
      [...tarballs]
        .filter(([name]) => name !== '@tinyelf/ai-sdk')
        .map(([name, file]) => [name, `file:${file}`]),
    );
    writeFileSync(
      join(install, 'package.json'),
      `${JSON.stringify(
        {
          name: 'tinyelf-image',
          private: true,
          dependencies: { tinyelf: local.tinyelf, pg: catalogRange('pg') },
          overrides: local,
        },
        null,
        2,
      )}\n`,
    );
    await run(
      'npm',
      ['install', '--omit=dev', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=warn'],
      { cwd: install, maxBuffer: 16 * 1024 * 1024 },
    );
  } finally {
    rmSync(packed, { recursive: true, force: true });
  }
  return resolve(folder);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: node scripts/container-context.mjs FOLDER');
    process.exit(2);
  }
  console.log(`Build context written to ${await writeContainerContext(folder)}`);
}
