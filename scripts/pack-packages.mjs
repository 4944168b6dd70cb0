// Packs every publishable package of the workspace (packages/*) with `pnpm pack` into a folder
// and returns the tarball of each package name. Used by the packaging checks, the packaging test
// and the install-size measurement; run `pnpm build` first (the tarballs hold dist/).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's root folder. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** The folders of the publishable packages (packages/* by default), with their package names. */
export function publishablePackages(areas = ['packages']) {
  return areas
    .flatMap((area) => readdirSync(join(root, area)).map((name) => join(root, area, name)))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ dir, name: manifest.name }));
}

/**
 * Packs every publishable package of `areas` into `destination`, four at a time; returns a map
 * from package name to tarball path. `pnpm pack` replaces `workspace:` and `catalog:` ranges with
 * real ones, as publishing does.
 */
export async function packAll(destination, areas = ['packages']) {
  const packages = publishablePackages(areas);
  const tarballs = new Map();
  const pack = async ({ dir, name }) => {
    const { stdout } = await run('pnpm', ['pack', '--pack-destination', destination], { cwd: dir });
    const tarball = stdout
      .trim()
      .split('\n')
      .reverse()
      .find((line) => line.endsWith('.tgz'));
    if (!tarball) throw new Error(`pnpm pack printed no tarball for ${name}:\n${stdout}`);
    tarballs.set(name, isAbsolute(tarball) ? tarball : join(destination, tarball));
  };
  const queue = [...packages];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await pack(next);
    }),
  );
  return tarballs;
}
