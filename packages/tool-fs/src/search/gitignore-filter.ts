import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The `.gitignore` rules of one folder, with that folder's path. */
interface RuleLevel {
  readonly folder: string;
  readonly rules: Ignore;
}

/**
 * Decides what `.gitignore` files exclude, the way git and ripgrep do: each folder's
 * `.gitignore` applies to paths below it, a deeper file can re-include (`!pattern`) what a
 * shallower one excluded, and nothing inside an excluded folder can be re-included. Each folder's
 * file is read once, and the rules in force are kept per folder.
 */
export class GitignoreFilter {
  private readonly levelsByFolder = new Map<string, readonly RuleLevel[]>();
  private readonly ignoredFolders = new Map<string, boolean>();

  constructor(private readonly workspaceRoot: string) {}

  /** Whether a path (absolute, inside the workspace) is ignored, its folders included. */
  isIgnored(path: string, isDirectory: boolean): boolean {
    const folder = dirname(path);
    if (this.isFolderIgnored(folder)) return true;
    return this.isIgnoredIn(folder, path, isDirectory);
  }

  /**
   * Whether a path directly inside `folder` is ignored, assuming `folder` itself is not (a walker
   * that never enters ignored folders can use this alone).
   */
  isIgnoredIn(folder: string, path: string, isDirectory: boolean): boolean {
    let ignored = false;
    for (const level of this.levelsOf(folder)) {
      const below = path
        .slice(level.folder.length + 1)
        .split(sep)
        .join('/');
      const result = level.rules.test(isDirectory ? `${below}/` : below);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }

  /** Whether a folder (absolute) or any folder above it is ignored; cached. */
  isFolderIgnored(folder: string): boolean {
    if (folder === this.workspaceRoot || !folder.startsWith(this.workspaceRoot + sep)) return false;
    let ignored = this.ignoredFolders.get(folder);
    if (ignored === undefined) {
      const parent = dirname(folder);
      ignored = this.isFolderIgnored(parent) || this.isIgnoredIn(parent, folder, true);
      this.ignoredFolders.set(folder, ignored);
    }
    return ignored;
  }

  /** The rule levels in force for paths directly inside `folder`, from the root down. */
  private levelsOf(folder: string): readonly RuleLevel[] {
    let levels = this.levelsByFolder.get(folder);
    if (levels === undefined) {
      const inherited =
        folder === this.workspaceRoot || !folder.startsWith(this.workspaceRoot)
          ? []
          : this.levelsOf(dirname(folder));
      const rules = readRules(folder);
      levels = rules ? [...inherited, { folder, rules }] : inherited;
      this.levelsByFolder.set(folder, levels);
    }
    return levels;
  }
}

function readRules(folder: string): Ignore | undefined {
  try {
    return ignore().add(readFileSync(join(folder, '.gitignore'), 'utf8'));
  } catch {
    return undefined;
  }
}
