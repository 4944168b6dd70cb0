import { type Dirent, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GitignoreFilter } from './gitignore-filter';

/**
 * Lists the regular files below `root` (absolute paths) the way `rg --files` does: symbolic
 * links are not followed (nor listed), the skipped folder names and what `.gitignore` files
 * exclude are left out (ignored folders are never entered), hidden files are included. A folder
 * that cannot be read is skipped.
 */
export function walkFiles(
  root: string,
  filter: GitignoreFilter,
  skipDirectories: ReadonlySet<string>,
): string[] {
  const files: string[] = [];
  if (filter.isFolderIgnored(root)) return files;
  const pending = [root];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!skipDirectories.has(entry.name) && !filter.isIgnoredIn(folder, path, true))
          pending.push(path);
      } else if (entry.isFile() && !filter.isIgnoredIn(folder, path, false)) {
        files.push(path);
      }
    }
  }
  return files;
}
