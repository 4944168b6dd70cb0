import { resolve } from 'node:path';
import type { WrittenFile } from './shell-scope';

/**
 * A path with the symbolic links made earlier in the same command followed (`ln -s / r && rm
 * -rf r/` deletes `/`): a link is followed when the path goes through it or ends with a slash.
 */
export function throughLinks(
  raw: string,
  cwd: string | undefined,
  files: ReadonlyMap<string, WrittenFile> | undefined,
): string {
  if (!files || (cwd === undefined && !raw.startsWith('/'))) return raw;
  const absolute = resolve(cwd ?? '/', raw);
  let path = absolute === '/' ? '/' : absolute + (raw.endsWith('/') ? '/' : '');
  let followed = false;
  for (let round = 0; round < 8; round++) {
    let changed = false;
    for (const [link, file] of files) {
      if (file.link === undefined || !path.startsWith(`${link}/`)) continue;
      path = file.link + path.slice(link.length);
      changed = true;
      followed = true;
    }
    if (!changed) break;
  }
  return followed ? path : raw;
}

/**
 * The file `open(2)` reaches for a path: like {@link throughLinks}, and the last component is
 * followed too when it is a link made earlier in the same command (`ln -s /dev/sda disk; dd
 * of=disk` writes the disk). Relative paths stay as written when nothing was followed.
 */
export function openedPath(
  raw: string,
  cwd: string | undefined,
  files: ReadonlyMap<string, WrittenFile> | undefined,
): string {
  if (!files || (cwd === undefined && !raw.startsWith('/'))) return raw;
  let path = resolve(cwd ?? '/', throughLinks(raw, cwd, files));
  let followed = path !== resolve(cwd ?? '/', raw);
  for (let hop = 0; hop < 8; hop++) {
    const pointsTo = files.get(path)?.link;
    if (pointsTo === undefined) break;
    path = resolve(throughLinks(pointsTo, '/', files));
    followed = true;
  }
  return followed ? path : raw;
}
