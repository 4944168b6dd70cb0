import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

const maximumLinks = 40;

/**
 * The real location of an absolute, normalised path: every symbolic link on the way resolved,
 * also where the rest of the path does not exist yet (a new file below a linked folder) and for
 * dangling links (the location they would create).
 */
export function realLocation(absolute: string, linksFollowed = { count: 0 }): string {
  // A path that is not there is walked below without asking realpath first (whose ENOENT error
  // costs more than the walk); a path that is there, or a dangling link, asks realpath.
  if (existsOrLinks(absolute)) {
    try {
      return realpathSync.native(absolute);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    }
  }
  const parts = absolute.split(sep).filter(Boolean);
  let current: string = sep;
  for (let index = 0; index < parts.length; index++) {
    const next = join(current, parts[index]!);
    let isLink = false;
    try {
      const entry = lstatSync(next, { throwIfNoEntry: false });
      if (!entry) return join(current, ...parts.slice(index));
      isLink = entry.isSymbolicLink();
    } catch {
      return join(current, ...parts.slice(index));
    }
    if (!isLink) {
      current = next;
      continue;
    }
    if (++linksFollowed.count > maximumLinks) {
      throw Object.assign(new Error(`Too many symbolic links in ${absolute}`), { code: 'ELOOP' });
    }
    current = realLocation(resolve(current, readlinkSync(next)), linksFollowed);
  }
  return current;
}

/** Whether something (a file, a folder, a link, dangling or not) is at a path; false on errors. */
function existsOrLinks(absolute: string): boolean {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}
