import type { RiskWarning } from '../tool/tool';
import { CODE_RUNNING_FILES } from './code-running-files';
import { SECRET_FILES } from './secret-files';
import {
  matchSensitivePath,
  type SensitivePathEntry,
  type SensitivePathKind,
} from './sensitive-path-entry';

/**
 * The warning for writing a file that runs code or grants permissions, or undefined for an
 * ordinary file. Write, Edit and the Bash classifier (redirections, `tee`, `cp`, `mv`, `sed -i`,
 * ...) all give this same warning: `Writes .git/hooks/pre-commit, a git hook or hook
 * configuration, which git runs as a program.` `path` is relative to the workspace or absolute;
 * with `ancestors`, a folder holding such files (`.git`, `.github`) warns too, for moves, links
 * and recursive copies of whole folders.
 */
export function codeRunningFileWarning(
  path: string,
  options: {
    /** Folders that hold such files match too. @default false */
    readonly ancestors?: boolean;
    /** The path to name in the message, when not `path` (as a command wrote it). @default path */
    readonly shown?: string;
  } = {},
): RiskWarning | undefined {
  const found = matchSensitivePath(path, CODE_RUNNING_FILES, options);
  if (!found) return undefined;
  const shown = (options.shown ?? path).replace(/^\.\/+/, '');
  return {
    rule: found.entry.rule,
    message:
      found.match === 'match'
        ? `Writes ${shown}, ${found.entry.reason}.`
        : `Writes ${shown}, a folder that holds ${found.entry.reason}.`,
  };
}

/**
 * The warning for reading (or, with `verb: 'Sends'`, uploading) a file that holds secrets, or
 * undefined for other files: `Reads ~/.aws/credentials, which holds cloud, cluster or container
 * credentials, from outside the workspace.` Callers check that the file is outside the
 * workspace first: a project's own fixtures are not the user's secrets.
 */
export function secretFileWarning(
  path: string,
  options: {
    /** What the call does with the file. @default 'Reads' */
    readonly verb?: 'Reads' | 'Sends' | 'Copies';
    /** The path to name in the message, when not `path`. @default path */
    readonly shown?: string;
  } = {},
): RiskWarning | undefined {
  const found = matchSensitivePath(path, SECRET_FILES, { ancestors: true });
  if (!found) return undefined;
  return {
    rule: 'secret-file',
    message: `${options.verb ?? 'Reads'} ${options.shown ?? path}, which holds ${found.entry.reason}, from outside the workspace.`,
  };
}

/**
 * The fixed paths (relative to a folder, no globs) that entries name, each cut at its first
 * glob segment: `.git/hooks`, `.vscode`, `.bashrc`, `.ssh` (for `.ssh/id_*`). Patterns anchored
 * at the root are left out. This is what a sandbox binds read-only inside the workspace
 * (`sandboxReadOnlyPaths()`) or hides in the home folder (`homeSecretPaths()`).
 */
export function fixedSensitivePaths(
  entries: readonly SensitivePathEntry[],
  kinds: readonly SensitivePathKind[],
  excludeRules: readonly string[] = [],
): string[] {
  const paths = new Set<string>();
  for (const entry of entries) {
    if (!kinds.includes(entry.kind) || excludeRules.includes(entry.rule)) continue;
    for (const pattern of entry.patterns) {
      if (pattern.startsWith('/')) continue;
      const segments = pattern.split('/');
      const glob = segments.findIndex((segment) => segment.includes('*'));
      // A glob before the last segment (`.git/worktrees/*/config.worktree`) has no fixed folder.
      if (glob !== -1 && glob < segments.length - 1 && segments[glob] !== '**') continue;
      const fixed = glob === -1 ? segments : segments.slice(0, glob);
      if (fixed.length) paths.add(fixed.join('/'));
    }
  }
  return [...paths].sort();
}

/**
 * The workspace-relative paths a Bash sandbox should keep read-only: every file that runs code or
 * grants permissions outside the sandbox (`.git/hooks`, `.git/config`, `.gitmodules`, `.vscode`,
 * `.github/workflows`, `.claude`, `.mcp.json`, `.envrc`, `.npmrc`, ...). The rest of `.git`
 * (objects, refs, index) stays writable so that commits work, and agent instruction files
 * (`AGENTS.md`) stay editable. Names keep the case the tools look for (`Jenkinsfile`); on a
 * case-insensitive volume one mount covers every spelling. Bind the ones that exist; the sandbox decides how to keep the
 * missing ones from being created.
 */
export function sandboxReadOnlyPaths(): string[] {
  return fixedSensitivePaths(
    CODE_RUNNING_FILES,
    ['runs-code', 'grants-permissions'],
    ['git-internals'],
  ).filter((path) => !notAtWorkspaceRoot(path));
}

/**
 * Paths of the model that name a file anywhere rather than at a workspace root, and that many
 * projects keep at their root as ordinary files: `hooks/pre-commit` (hook names, for a bare
 * repository or a `core.hooksPath` folder, but `hooks/` is also where projects keep their own
 * scripts and React hooks; git runs them only through `.git/hooks` or configuration, which stay
 * read-only) and `site-packages` (a Python install folder: a `.pth` file there runs only when
 * that folder is on a Python path, never as a workspace's top-level folder). Warnings still name
 * them; a sandbox does not hold them read-only at the workspace root.
 */
function notAtWorkspaceRoot(path: string): boolean {
  return path.startsWith('hooks/') || path === 'site-packages';
}

/**
 * The home-relative paths that hold the user's secrets (`.ssh`, `.aws/credentials`,
 * `.config/gcloud`, `.gnupg`, `.netrc`, ...): what a sandbox should hide (an empty tmpfs or
 * `/dev/null` bound over each that exists).
 */
export function homeSecretPaths(): string[] {
  return fixedSensitivePaths(SECRET_FILES, ['holds-secrets'], ['environment-file']);
}

/**
 * The absolute paths that hold secrets of the machine (`/etc/shadow`, `/etc/gshadow`,
 * `/etc/sudoers`, `/etc/ssl/private`, `/run/secrets`, ...): what a sandbox should hide besides
 * {@link homeSecretPaths}. Paths with a glob are left out: the sandbox's own `/proc` covers
 * `/proc/<pid>/environ`, and hiding `/etc/ssh` covers the host keys.
 */
export function systemSecretPaths(): string[] {
  const paths = new Set<string>();
  for (const entry of SECRET_FILES)
    for (const pattern of entry.patterns) {
      if (!pattern.startsWith('/')) continue;
      const segments = pattern.split('/');
      const glob = segments.findIndex((segment) => segment.includes('*'));
      if (glob === -1) paths.add(pattern);
      else if (segments[glob] === '**' && glob === segments.length - 1)
        paths.add(segments.slice(0, glob).join('/'));
    }
  return [...paths].sort();
}
