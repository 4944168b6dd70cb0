import { basename, dirname } from 'node:path';
import type { WorkspaceGuard } from '@tinyelf/core';
import { openExactFolder } from './walk-files';

/** A listed file that is really inside, with its modification time. */
export interface ListedFile {
  /** Its absolute location. */
  readonly file: string;
  /** Its modification time (ms since the epoch). */
  readonly modified: number;
}

/**
 * Keeps the listed files (from `rg --files` or fast-glob, which walk by path) that really are
 * regular files inside: each folder is opened and checked through its descriptor (its real
 * location must be exactly the listed folder, and allowed), and each file looked up through that
 * descriptor without following links. A folder swapped for a symbolic link while the listing
 * ran can have put outside names in the list; none of them survives this, since every name kept
 * was checked to exist inside the workspace.
 */
export function verifyListedFiles(guard: WorkspaceGuard, files: readonly string[]): ListedFile[] {
  const byFolder = new Map<string, string[]>();
  for (const file of files) {
    const folder = dirname(file);
    const names = byFolder.get(folder);
    if (names) names.push(file);
    else byFolder.set(folder, [file]);
  }
  const verified: ListedFile[] = [];
  for (const [location, inFolder] of byFolder) {
    if (!guard.permits(location)) continue;
    const folder = openExactFolder(location);
    if (!folder) continue;
    try {
      for (const file of inFolder) {
        const info = folder.statEntry(basename(file));
        if (info?.isFile()) verified.push({ file, modified: info.mtimeMs });
      }
    } finally {
      folder.close();
    }
  }
  return verified;
}
