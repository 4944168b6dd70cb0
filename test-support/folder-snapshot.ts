import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every entry under a folder with its content (`<dir>` for folders, `<other>` for links and the
 * rest), to compare before and after: a test that something outside the workspace was not touched.
 * A missing folder gives `{}`.
 */
export function snapshotFolder(folder: string): Record<string, string> {
  const entries: Record<string, string> = {};
  if (!existsSync(folder)) return entries;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    entries[path] = entry.isFile()
      ? readFileSync(path, 'utf8')
      : entry.isDirectory()
        ? '<dir>'
        : '<other>';
  }
  return entries;
}
