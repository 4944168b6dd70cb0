import { lstatSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { isPlaceholder } from './mount-placeholders';

/**
 * Workspace paths that make programs outside the sandbox run code (git hooks and config, editor
 * tasks, CI workflows, dev containers, agent configuration, tool rc files): read-only inside the
 * sandbox, and not creatable there when missing. Relative to the workspace root.
 *
 * `.git` itself stays writable so `git add` and `git commit` work inside; its `hooks`, `config`
 * and `modules` (submodules' own config and hooks) are read-only, so `git config` and hook
 * installs fail inside. `.git/commondir` cannot be held this way (see `watchGitCommonDir`).
 */
export const DEFAULT_READ_ONLY_PATHS: readonly string[] = [
  '.git/hooks',
  '.git/config',
  '.git/modules',
  '.gitmodules',
  '.husky',
  '.pre-commit-config.yaml',
  '.github',
  '.gitlab-ci.yml',
  '.circleci',
  '.devcontainer',
  '.vscode',
  '.idea',
  '.zed',
  '.claude',
  '.cursor',
  '.gemini',
  '.codex',
  '.mcp.json',
  '.envrc',
  '.mise.toml',
  'mise.toml',
  'lefthook.yml',
  '.lefthook.yml',
  '.exrc',
  '.nvim.lua',
  '.ripgreprc',
  '.tinyelf',
  'tinyelf.config.json',
  'tinyelf.config.mjs',
  'tinyelf.config.js',
  'tinyelf.config.ts',
];

/**
 * Secrets outside the workspace that the sandbox cannot read (an inaccessible file or folder is
 * mounted over each that exists). `~/` stands for the home folder. Running as root, the command
 * inside is the owner of root's files, so these are masked rather than left to file modes.
 */
export const DEFAULT_HIDDEN_PATHS: readonly string[] = [
  '~/.ssh',
  '~/.gnupg',
  '~/.aws',
  '~/.azure',
  '~/.config/gcloud',
  '~/.config/gh',
  '~/.kube',
  '~/.docker',
  '~/.netrc',
  '~/.npmrc',
  '~/.yarnrc.yml',
  '~/.pypirc',
  '~/.git-credentials',
  '~/.cargo/credentials',
  '~/.cargo/credentials.toml',
  '~/.gem/credentials',
  '~/.terraform.d/credentials.tfrc.json',
  '~/.vault-token',
  '~/.password-store',
  '~/.local/share/keyrings',
  '~/.claude',
  '~/.claude.json',
  '~/.codex',
  '~/.bash_history',
  '~/.zsh_history',
  '/etc/shadow',
  '/etc/gshadow',
  '/etc/sudoers',
  '/etc/sudoers.d',
  '/etc/ssh',
];

/** What protecting the read-only paths of a workspace takes. */
export interface WorkspaceProtection {
  /** Folders bound onto themselves writable, so they cannot be renamed away from inside. */
  readonly pinned: readonly string[];
  /** Existing paths mounted read-only onto themselves. */
  readonly readOnly: readonly string[];
  /** Paths that do not exist: each needs an empty placeholder folder for the call. */
  readonly missing: readonly string[];
}

function inside(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest !== '' && !rest.startsWith(`..${sep}`) && rest !== '..' && !isAbsolute(rest);
}

/**
 * Plans the mounts that keep `readOnlyPaths` read-only in a writable workspace. A mount point
 * cannot be renamed or removed, but a folder holding one can: so every existing ancestor of a
 * protected path is pinned (bound onto itself), or `mv .git x && mkdir .git` would make fresh,
 * writable hooks. A missing path is protected at its first missing component by a placeholder
 * folder (nothing can be created in it, and no file can take its name). Paths under another protected path,
 * and paths that leave the workspace, are skipped.
 */
export function planWorkspaceProtection(
  workspaceRoot: string,
  readOnlyPaths: readonly string[],
): WorkspaceProtection {
  const paths = [...new Set(readOnlyPaths.map((entry) => join(workspaceRoot, entry)))]
    .filter((path) => inside(workspaceRoot, path))
    .sort();
  const pinned: string[] = [];
  const readOnly: string[] = [];
  const missing: string[] = [];
  const covered = (path: string) =>
    [...readOnly, ...missing].some((done) => done === path || inside(done, path));
  for (const path of paths) {
    if (covered(path)) continue;
    const segments = relative(workspaceRoot, path).split(sep);
    let current = workspaceRoot;
    for (let index = 0; index < segments.length; index++) {
      current = join(current, segments[index] as string);
      let stat: ReturnType<typeof lstatSync>;
      try {
        stat = lstatSync(current, { throwIfNoEntry: false });
      } catch {
        break;
      }
      if (!stat || isPlaceholder(current)) {
        missing.push(current);
        break;
      }
      if (stat.isSymbolicLink()) {
        // A link cannot carry a mount; protect what it points to when that is in the workspace.
        let target: string | undefined;
        try {
          target = realpathSync(current);
        } catch {
          target = undefined;
        }
        if (target && inside(workspaceRoot, target) && !covered(target)) readOnly.push(target);
        break;
      }
      if (index === segments.length - 1 || !stat.isDirectory()) {
        readOnly.push(current);
        break;
      }
      if (!pinned.includes(current)) pinned.push(current);
    }
  }
  return { pinned, readOnly, missing };
}

/**
 * The existing secret paths to mask, with `~/` resolved against each home folder. A path holding
 * the workspace is left alone (the workspace must stay usable); one inside it is masked too (a
 * workspace that is the home folder still hides `~/.ssh`).
 */
export function existingHiddenPaths(
  hiddenPaths: readonly string[],
  homeDirs: readonly string[],
  workspaceRoot: string,
): { path: string; directory: boolean }[] {
  const found: { path: string; directory: boolean }[] = [];
  const paths = new Set(
    hiddenPaths.flatMap((entry) =>
      entry.startsWith('~/') ? homeDirs.map((home) => join(home, entry.slice(2))) : [entry],
    ),
  );
  for (const path of paths) {
    if (!isAbsolute(path)) continue;
    if (path === workspaceRoot || inside(path, workspaceRoot)) continue;
    try {
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat) found.push({ path, directory: stat.isDirectory() });
    } catch {
      // unreadable to this process: unreadable inside the sandbox as well
    }
  }
  return found;
}
