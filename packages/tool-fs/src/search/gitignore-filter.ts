import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/**
 * Decides what `.gitignore` files exclude, the way git and ripgrep do: each folder's
 * `.gitignore` applies to paths below it, a deeper file can re-include (`!pattern`) what a
 * shallower one excluded, and nothing inside an excluded folder can be re-included. Files are
 * read from the workspace root down, once each.
 */
export class GitignoreFilter {
  private readonly rules = new Map<string, Ignore | null>();
  private readonly ignoredFolders = new Map<string, boolean>();

  constructor(private readonly workspaceRoot: string) {}

  /** Whether a path (absolute, inside the workspace) is ignored. */
  isIgnored(path: string, isDirectory: boolean): boolean {
    const parent = dirname(path);
    if (
      path !== this.workspaceRoot &&
      parent !== this.workspaceRoot &&
      this.isFolderIgnored(parent)
    )
      return true;
    return this.matches(path, isDirectory);
  }

  /** Whether a folder (absolute) or any folder above it is ignored; cached. */
  isFolderIgnored(folder: string): boolean {
    if (folder === this.workspaceRoot || !folder.startsWith(this.workspaceRoot)) return false;
    let ignored = this.ignoredFolders.get(folder);
    if (ignored === undefined) {
      const parent = dirname(folder);
      ignored =
        (parent !== this.workspaceRoot && this.isFolderIgnored(parent)) ||
        this.matches(folder, true);
      this.ignoredFolders.set(folder, ignored);
    }
    return ignored;
  }

  private matches(path: string, isDirectory: boolean): boolean {
    const parts = relative(this.workspaceRoot, path).split(sep);
    let folder = this.workspaceRoot;
    let ignored = false;
    for (let index = 0; index < parts.length; index++) {
      const rules = this.rulesOf(folder);
      if (rules) {
        const below = parts.slice(index).join('/') + (isDirectory ? '/' : '');
        const result = rules.test(below);
        if (result.ignored) ignored = true;
        else if (result.unignored) ignored = false;
      }
      folder = join(folder, parts[index]!);
    }
    return ignored;
  }

  private rulesOf(folder: string): Ignore | null {
    let rules = this.rules.get(folder);
    if (rules === undefined) {
      try {
        rules = ignore().add(readFileSync(join(folder, '.gitignore'), 'utf8'));
      } catch {
        rules = null;
      }
      this.rules.set(folder, rules);
    }
    return rules;
  }
}
