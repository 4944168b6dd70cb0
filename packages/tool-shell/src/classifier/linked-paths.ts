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
