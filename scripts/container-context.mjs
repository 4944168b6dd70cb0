// Writes the build context of the Containerfile: every publishable package packed (`pnpm pack`,
// as published) into <folder>/packed/, with a package.json that installs the tinyelf CLI from its
// tarball and every @tinyelf package from its own (overrides), plus pg for PostgreSQL sessions.
// Run `pnpm build` first. Usage: node scripts/container-context.mjs FOLDER
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { packAll, root } from './pack-packages.mjs';

/** The catalog's range of a dependency (pnpm-workspace.yaml). */
function catalogRange(name) {
  const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const range = new RegExp(`^\\s+"?${name}"?: (.+)$`, 'm').exec(workspace)?.[1];
  if (!range) throw new Error(`${name} is not in the catalog of pnpm-workspace.yaml`);
  return range.trim();
}

/** Packs the packages into `folder`/packed and writes its package.json; returns the folder. */
export async function writeContainerContext(folder) {
  const packed = join(resolve(folder), 'packed');
  mkdirSync(packed, { recursive: true });
  const tarballs = await packAll(packed);
  const local = Object.fromEntries(
    [...tarballs]
      .filter(([name]) => name !== '@tinyelf/ai-sdk')
      .map(([name, file]) => [name, `file:./${basename(file)}`]),
  );
  writeFileSync(
    join(packed, 'package.json'),
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
