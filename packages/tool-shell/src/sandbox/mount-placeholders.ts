import { closeSync, lstatSync, mkdirSync, mkdtempSync, openSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let denied: { file: string; directory: string } | undefined;

/**
 * An empty file and an empty folder with mode 000, made once per process in a private temporary
 * folder (removed at exit), mounted over secrets. Inside the sandbox the command owns them but
 * has no capabilities, so opening either fails with "Permission denied".
 */
export function deniedEntries(): { file: string; directory: string } {
  if (denied) return denied;
  const folder = mkdtempSync(join(tmpdir(), 'tinyelf-sandbox-'));
  const file = join(folder, 'denied-file');
  const directory = join(folder, 'denied-directory');
  closeSync(openSync(file, 'wx', 0o000));
  mkdirSync(directory, { mode: 0o000 });
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  denied = { file, directory };
  return denied;
}

/** Placeholders this process made, by path, with the number of calls using each. */
const placeholders = new Map<string, { users: number; inode: number }>();

/** Whether `path` is a placeholder this process made for a running call. */
export function isPlaceholder(path: string): boolean {
  return placeholders.has(path);
}

/**
 * Creates an empty placeholder folder at each missing protected path (or takes another running
 * call's), so the sandbox can mount it read-only and nothing can be created there, neither under
 * it nor as a file of that name. A folder even where a file is protected: git ignores empty
 * folders (git status stays clean and `git add -A` works, where a placeholder file would be
 * listed, or fail to be read), and skips a `.git` folder that is not a repository for the parent
 * (a workspace inside a larger repository keeps working). These are the only entries the sandbox
 * puts in the workspace; {@link releasePlaceholders} removes them when the last call using them
 * ends.
 */
export function acquirePlaceholders(paths: readonly string[]): string[] {
  const acquired: string[] = [];
  for (const path of paths) {
    const known = placeholders.get(path);
    if (known) {
      known.users++;
      acquired.push(path);
      continue;
    }
    try {
      mkdirSync(path, { mode: 0o755 });
      placeholders.set(path, { users: 1, inode: lstatSync(path).ino });
      acquired.push(path);
    } catch {
      // created meanwhile by someone else: it is then mounted as an existing path next call
    }
  }
  return acquired;
}

/** Releases placeholders; the last user removes each if it is still the empty one it made. */
export function releasePlaceholders(paths: readonly string[]): void {
  for (const path of paths) {
    const known = placeholders.get(path);
    if (!known) continue;
    if (--known.users > 0) continue;
    placeholders.delete(path);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.ino !== known.inode) continue;
    try {
      if (stat.isDirectory()) rmdirSync(path);
    } catch {
      // no longer empty (written from outside meanwhile): left as it is
    }
  }
}
