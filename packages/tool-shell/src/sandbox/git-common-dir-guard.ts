import { lstatSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `.git/commondir` makes git read its config, hooks and objects from another folder: a command
 * that writes one (pointing at a repository it made, with hooks) would run code at the user's
 * next git command outside the sandbox. No placeholder can hold the name (git fails on any
 * `commondir` it cannot read, so a repository would stop working inside), so the sandbox checks
 * after the call instead: one that did not exist before is removed. A main repository never has
 * one; git creates them only in linked worktrees' own folders.
 */
export function watchGitCommonDir(workspaceRoot: string): () => string | undefined {
  const path = join(workspaceRoot, '.git', 'commondir');
  const existed = lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  return () => {
    if (existed || !lstatSync(path, { throwIfNoEntry: false })) return undefined;
    rmSync(path, { recursive: true, force: true });
    return "[The command created .git/commondir, which would make git outside the sandbox read another repository's config and hooks; it was removed.]";
  };
}
