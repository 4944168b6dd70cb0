import { existsSync, lstatSync, readlinkSync, realpathSync, type Stats } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const maximumLinks = 40;

/**
 * The real location of an absolute, normalised path: every symbolic link on the way resolved,
 * also where the rest of the path does not exist yet (a new file below a linked folder) and for
 * dangling links (the location they would create).
 */
export function realLocation(absolute: string, linksFollowed?: { count: number }): string {
  // The common cases without the walk: a path that is there (access, then one realpath), and a
  // new name in a folder that is there (nothing at the path, not even a dangling link: its place
  // is the real folder's entry of that name). Anything else takes the walk below.
  const parent = dirname(absolute);
  if (parent === absolute) return absolute;
  try {
    if (existsSync(absolute)) return realpathSync.native(absolute);
    if (lstatSync(absolute, noThrow)) return walkedRealLocation(absolute, linksFollowed);
    const folder = realpathSync.native(parent);
    const name = absolute.slice(parent.length + (parent === sep ? 0 : 1));
    return folder === sep ? `${sep}${name}` : `${folder}${sep}${name}`;
  } catch (error) {
    if (!isMissing(error)) throw error;
    return walkedRealLocation(absolute, linksFollowed);
  }
}

/** The real location by the walk: the deepest existing part resolved, then name by name. */
function walkedRealLocation(absolute: string, linksFollowed?: { count: number }): string {
  // Nothing here throws on the common paths: a thrown ENOENT (its Error and stack) costs more
  // than the few calls below. `existsSync` (one access(2), no Stats object) finds the deepest
  // part of the path that is there; realpath resolves that part in one call; each missing name
  // below it is checked once for a dangling link, and the first name that is not there at all
  // ends the walk (nothing can be below it).
  let existing = absolute;
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return slowRealLocation(absolute, linksFollowed);
    existing = parent;
  }
  let current: string;
  try {
    current = realpathSync.native(existing);
  } catch (error) {
    // Removed under us: the walk from the root handles it; other errors are the caller's.
    if (!isMissing(error)) throw error;
    return slowRealLocation(absolute, linksFollowed);
  }
  let rest = absolute.slice(existing.length);
  while (rest !== '') {
    // `rest` is the missing part, each name after a separator: "/main.ts", "/new/x.ts".
    const end = rest.indexOf(sep, 1);
    const name = end === -1 ? rest.slice(1) : rest.slice(1, end);
    rest = end === -1 ? '' : rest.slice(end);
    if (name === '') continue;
    const next = current === sep ? `${sep}${name}` : `${current}${sep}${name}`;
    let entry: Stats | undefined;
    try {
      entry = lstatSync(next, noThrow);
    } catch (error) {
      // A file on the way (ENOTDIR) ends the path; a name that cannot be read is not guessed.
      if (!isMissing(error)) throw error;
      entry = undefined;
    }
    if (!entry) return `${next}${rest}`;
    if (entry.isSymbolicLink()) {
      linksFollowed ??= { count: 0 };
      current = followLink(next, current, absolute, linksFollowed);
    } else {
      current = next;
    }
  }
  return current;
}

const noThrow = { throwIfNoEntry: false } as const;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The real location a link at `link` (in the real folder `folder`) leads to. */
function followLink(
  link: string,
  folder: string,
  absolute: string,
  linksFollowed: { count: number },
): string {
  if (++linksFollowed.count > maximumLinks) {
    throw Object.assign(new Error(`Too many symbolic links in ${absolute}`), { code: 'ELOOP' });
  }
  return realLocation(resolve(folder, readlinkSync(link)), linksFollowed);
}

/** The walk from the root, one name at a time: for a path removed while it is resolved. */
function slowRealLocation(absolute: string, linksFollowed = { count: 0 }): string {
  const parts = absolute.split(sep).filter(Boolean);
  let current: string = sep;
  for (let index = 0; index < parts.length; index++) {
    const next = join(current, parts[index]!);
    let isLink = false;
    try {
      const entry = lstatSync(next, noThrow);
      if (!entry) return join(current, ...parts.slice(index));
      isLink = entry.isSymbolicLink();
    } catch {
      return join(current, ...parts.slice(index));
    }
    current = isLink ? followLink(next, current, absolute, linksFollowed) : next;
  }
  return current;
}
