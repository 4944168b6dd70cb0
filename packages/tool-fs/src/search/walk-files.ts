import { closeSync } from 'node:fs';
import { OpenedFolder, openAndLocate } from '@tinyelf/core';
import type { GitignoreFilter } from './gitignore-filter';

/** Folders deeper than this below the search folder are not entered (each level holds one descriptor). */
const maximumDepth = 200;

/**
 * Called for each regular file a walk finds, with its location and a function that opens it for
 * reading through its folder's descriptor (see `OpenedFolder.openFileDescriptor`; valid only
 * during the call; the caller closes the descriptor and `fstat`s what it keeps).
 */
export type FileVisitor = (location: string, open: () => number | undefined) => void;

/**
 * Walks the regular files below an open folder the way `rg --files` does: symbolic links are not
 * followed (nor listed), the skipped folder names and what `.gitignore` files exclude are left out
 * (ignored folders are never entered), hidden files are included. A folder that cannot be read is
 * skipped. The walk goes by descriptors: each sub-folder is opened through its parent's
 * descriptor without following links (see `OpenedFolder`), so a folder swapped for a symbolic link
 * during the walk is never entered, and at most one descriptor per level is open at a time.
 */
export function walkFolder(
  root: OpenedFolder,
  filter: GitignoreFilter,
  skipDirectories: ReadonlySet<string>,
  visit: FileVisitor,
): void {
  if (filter.isFolderIgnored(root.location)) return;
  walkLevel(root, filter, skipDirectories, visit, 0);
}

function walkLevel(
  folder: OpenedFolder,
  filter: GitignoreFilter,
  skipDirectories: ReadonlySet<string>,
  visit: FileVisitor,
  depth: number,
): void {
  let entries: ReturnType<OpenedFolder['entries']>;
  try {
    entries = folder.entries();
  } catch {
    return;
  }
  for (const entry of entries) {
    const location = folder.locationOf(entry.name);
    if (entry.isDirectory()) {
      if (depth >= maximumDepth || skipDirectories.has(entry.name)) continue;
      if (filter.isIgnoredIn(folder.location, location, true)) continue;
      const child = folder.openFolder(entry.name);
      if (!child) continue;
      try {
        walkLevel(child, filter, skipDirectories, visit, depth + 1);
      } finally {
        child.close();
      }
    } else if (entry.isFile() && !filter.isIgnoredIn(folder.location, location, false)) {
      visit(location, () => folder.openFileDescriptor(entry.name));
    }
  }
}

/**
 * The regular files below the folder at `root` (absolute paths; see {@link walkFolder}); none
 * when `root` is not a folder whose real location is `root` itself.
 */
export function walkFiles(
  root: string,
  filter: GitignoreFilter,
  skipDirectories: ReadonlySet<string>,
): string[] {
  const folder = openExactFolder(root);
  if (!folder) return [];
  const files: string[] = [];
  try {
    walkFolder(folder, filter, skipDirectories, (location) => files.push(location));
  } finally {
    folder.close();
  }
  return files;
}

/**
 * Opens the folder at `path` (real, absolute) when it really is there: not a symbolic link, and
 * no part of the path swapped for one (checked through the descriptor). Undefined otherwise.
 */
export function openExactFolder(path: string): OpenedFolder | undefined {
  let opened: ReturnType<typeof openAndLocate>;
  try {
    opened = openAndLocate(path, 'folder');
  } catch {
    return undefined;
  }
  if (opened.location === path) return new OpenedFolder(opened.descriptor, path);
  closeSync(opened.descriptor);
  return undefined;
}
