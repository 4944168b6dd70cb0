import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The image the Containerfile builds on by default. */
export const defaultBase = 'docker.io/library/debian:trixie-slim';
/** What a base made here with debootstrap is tagged (kept between runs: `podman rmi` removes it). */
export const localBase = 'localhost/tinyelf-debian:trixie';

const quiet = {
  encoding: 'utf8' as const,
  stdio: ['ignore', 'pipe', 'pipe'] as ('ignore' | 'pipe')[],
};

function imageExists(name: string): boolean {
  return spawnSync('podman', ['image', 'exists', name]).status === 0;
}

/**
 * A Debian trixie image to build on: the registry's, already present or pulled; where the
 * registry cannot be reached, a minimal root file system made with debootstrap from Debian's
 * mirror and imported into podman. Gives the image's name, or the reason there is none.
 */
export function prepareBaseImage(
  mirror = process.env.TINYELF_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
): { image: string; how: string } | { skipped: string } {
  if (imageExists(defaultBase)) return { image: defaultBase, how: 'present' };
  const pull = spawnSync('podman', ['pull', '--quiet', defaultBase], {
    ...quiet,
    timeout: 120_000,
  });
  if (pull.status === 0) return { image: defaultBase, how: 'pulled' };
  const pullError = `${pull.stderr ?? ''}`.trim().split('\n').at(-1) ?? 'timed out';
  if (imageExists(localBase)) return { image: localBase, how: 'debootstrapped earlier' };
  if (spawnSync('debootstrap', ['--version']).status !== 0)
    return {
      skipped: `${defaultBase} cannot be pulled (${pullError}) and debootstrap is not installed to make a base from Debian's mirror (apt-get install debootstrap)`,
    };
  const folder = mkdtempSync(join(tmpdir(), 'tinyelf-rootfs-'));
  const rootfs = join(folder, 'rootfs');
  try {
    execFileSync('debootstrap', ['--variant=minbase', 'trixie', rootfs, mirror], {
      ...quiet,
      timeout: 900_000,
    });
    execFileSync('sh', ['-c', `tar -C "$1" -c . | podman import - "$2"`, 'sh', rootfs, localBase], {
      ...quiet,
      timeout: 300_000,
    });
    return { image: localBase, how: `debootstrapped from ${mirror}` };
  } catch (error) {
    const said = `${(error as { stderr?: string }).stderr ?? ''}`.trim().split('\n').at(-1);
    return {
      skipped: `${defaultBase} cannot be pulled (${pullError}) and debootstrap from ${mirror} failed: ${said || (error as Error).message}`,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
