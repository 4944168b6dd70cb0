// Packs every publishable package of the workspace (packages/*) with `pnpm pack` into a folder
// and returns the tarball of each package name. Used by the packaging test and the install-size
// measurement; run `pnpm build` first (the tarballs hold dist/).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** The folders of the publishable packages (packages/*), with their package names. */
export function publishablePackages() {
  const folder = join(root, 'packages');
  return readdirSync(folder)
    .map((name) => join(folder, name))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ dir, name: manifest.name }));
}

/**
 * Packs every publishable package into `destination`; returns a map from package name to tarball
 * path. `pnpm pack` replaces `workspace:` and `catalog:` ranges with real ones, as publishing does.
 */
export function packAll(destination) {
  const tarballs = new Map();
  for (const { dir, name } of publishablePackages()) {
    const output = execFileSync('pnpm', ['pack', '--pack-destination', destination], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tarball = output
      .trim()
      .split('\n')
      .reverse()
      .find((line) => line.endsWith('.tgz'));
    if (!tarball) throw new Error(`pnpm pack printed no tarball for ${name}:\n${output}`);
    tarballs.set(name, tarball.startsWith('/') ? tarball : join(destination, tarball));
  }
  return tarballs;
}
