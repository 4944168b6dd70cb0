import { lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { homeSecretPaths, sandboxReadOnlyPaths, systemSecretPaths } from '@tinyelf/core';
import type { FolderStates } from './folder-states';

/**
 * Workspace paths that make programs outside the sandbox run code or grant permissions (git hooks
 * and config, `.gitmodules`, editor tasks, CI workflows, dev containers, agent and TinyElf
 * configuration, tool rc files): core's model, `sandboxReadOnlyPaths()`, relative to the
 * workspace root. Existing ones are read-only inside the sandbox; missing ones that a command
 * creates are moved out of the workspace after the call (see `sweepCreatedPaths`).
 *
 * `.git` itself stays writable so `git add` and `git commit` work inside; its `hooks`, `config`
 * and `modules` (submodules' own config and hooks) are read-only, so `git config` and hook
 * installs fail inside. A `.git/commondir` created inside is swept like the others.
 */
export const DEFAULT_READ_ONLY_PATHS: readonly string[] = sandboxReadOnlyPaths();

/**
 * Secrets outside the workspace that the sandbox cannot read (an inaccessible file or folder is
 * mounted over each that exists): core's `homeSecretPaths()` under `~/` (the home folder) and
 * `systemSecretPaths()`, plus whole folders of coding agents (sessions, transcripts and tokens in
 * `~/.claude`, `~/.claude.json`, `~/.codex`) and `/etc/ssh` (host keys). Running as root, the
 * command inside is the owner of root's files, so these are masked rather than left to file modes.
 */
export const DEFAULT_HIDDEN_PATHS: readonly string[] = [
  ...homeSecretPaths().map((path) => `~/${path}`),
  ...systemSecretPaths(),
  '~/.claude',
  '~/.claude.json',
  '~/.codex',
  '/etc/ssh',
];

/** A protected path missing before a call. */
export interface MissingPath {
  /** The protected path. */
  readonly path: string;
  /** Its first component that did not exist (the path itself, or a folder above it). */
  readonly firstMissing: string;
}

/** What protecting the read-only paths of a workspace takes. */
export interface WorkspaceProtection {
  /** Folders bound onto themselves writable, so they cannot be renamed away from inside. */
  readonly pinned: readonly string[];
  /** Existing paths mounted read-only onto themselves. */
  readonly readOnly: readonly string[];
  /**
   * Protected paths that do not exist, each with its first missing component (everything above
   * it exists as a pinned folder): what `sweepCreatedPaths` checks after the call.
   */
  readonly missing: readonly MissingPath[];
}

/** Whether `path` is strictly below `root` (both absolute and normalized, as `join` leaves them). */
function inside(root: string, path: string): boolean {
  const prefix = root.endsWith(sep) ? root : `${root}${sep}`;
  return path.length > prefix.length && path.startsWith(prefix);
}

/**
 * Plans the mounts that keep `readOnlyPaths` read-only in a writable workspace. A mount point
 * cannot be renamed or removed, but a folder holding one can: so every existing ancestor of a
 * protected path is pinned (bound onto itself), or `mv .git x && mkdir .git` would make fresh,
 * writable hooks. A missing path cannot be held by a mount without putting an entry in the
 * user's workspace, so it is listed in `missing` for the sweep after the call. Paths under
 * another protected path, and paths that leave the workspace, are skipped. With `folders`, every
 * folder looked in is recorded there (and a symbolic link followed makes the plan unwatchable).
 */
export function planWorkspaceProtection(
  workspaceRoot: string,
  readOnlyPaths: readonly string[],
  folders?: FolderStates,
): WorkspaceProtection {
  const paths = [...new Set(readOnlyPaths.map((entry) => resolve(workspaceRoot, entry)))]
    .filter((path) => inside(workspaceRoot, path))
    .sort();
  const pinned: string[] = [];
  const readOnly: string[] = [];
  const missing: MissingPath[] = [];
  // Paths already protected: a path at or under one of them is covered (checked by its
  // ancestors, so a plan of a few hundred paths stays a few hundred lookups).
  const done = new Set<string>();
  const covered = (path: string) => {
    for (let current = path; current.length > workspaceRoot.length; current = dirname(current))
      if (done.has(current)) return true;
    return false;
  };
  for (const path of paths) {
    if (covered(path)) continue;
    const segments = relative(workspaceRoot, path).split(sep);
    let current = workspaceRoot;
    for (let index = 0; index < segments.length; index++) {
      folders?.record(current);
      current = join(current, segments[index] as string);
      let stat: ReturnType<typeof lstatSync>;
      try {
        stat = lstatSync(current, { throwIfNoEntry: false });
      } catch {
        folders?.markUnwatchable();
        break;
      }
      if (!stat) {
        missing.push({ path, firstMissing: current });
        done.add(path);
        break;
      }
      if (stat.isSymbolicLink()) {
        // A link cannot carry a mount; protect what it points to when that is in the workspace.
        folders?.markUnwatchable();
        let target: string | undefined;
        try {
          target = realpathSync(current);
        } catch {
          target = undefined;
        }
        if (target && inside(workspaceRoot, target) && !covered(target)) {
          readOnly.push(target);
          done.add(target);
        }
        break;
      }
      if (index === segments.length - 1 || !stat.isDirectory()) {
        readOnly.push(current);
        done.add(current);
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
 * workspace that is the home folder still hides `~/.ssh`). With `folders`, the folder each
 * lookup depended on is recorded there (a path that is a symbolic link makes it unwatchable).
 */
export function existingHiddenPaths(
  hiddenPaths: readonly string[],
  homeDirs: readonly string[],
  workspaceRoot: string,
  folders?: FolderStates,
): { path: string; directory: boolean }[] {
  const found: { path: string; directory: boolean }[] = [];
  const paths = new Set(
    hiddenPaths.flatMap((entry) =>
      entry.startsWith('~/')
        ? homeDirs.map((home) => resolve(home, entry.slice(2)))
        : isAbsolute(entry)
          ? [resolve(entry)]
          : [],
    ),
  );
  for (const path of paths) {
    if (!isAbsolute(path)) continue;
    // `~/.kube` masks `~/.kube/config` too (nothing can be mounted inside a denied folder).
    let above = dirname(path);
    while (above !== dirname(above) && !paths.has(above)) above = dirname(above);
    if (paths.has(above)) continue;
    if (path === workspaceRoot || inside(path, workspaceRoot)) continue;
    try {
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat) found.push({ path, directory: stat.isDirectory() });
      if (folders) recordHiddenLookup(path, stat !== undefined, folders);
    } catch {
      // unreadable to this process: unreadable inside the sandbox as well
      folders?.markUnwatchable();
    }
  }
  return found;
}

/** Records what the `stat` of a hidden path depended on. */
function recordHiddenLookup(path: string, exists: boolean, folders: FolderStates): void {
  if (!exists) folders.recordMissing(path);
  // An entry of its folder; a link is followed to a target that may change elsewhere.
  else if (lstatSync(path).isSymbolicLink()) folders.markUnwatchable();
  else folders.record(dirname(path));
}
