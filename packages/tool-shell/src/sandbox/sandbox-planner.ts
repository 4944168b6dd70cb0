import { type BubblewrapSettings, bubblewrapArguments } from './bubblewrap';
import { FolderStates, SETTLED_MS } from './folder-states';
import type { MissingPath } from './protected-mounts';

/** The bwrap arguments of one call and what its sweep needs. */
export interface SandboxPlan {
  /** The arguments up to the `--` before the command. */
  readonly args: readonly string[];
  /** The protected paths missing before the call (see `watchCreatedPaths`). */
  readonly missing: readonly MissingPath[];
  /**
   * The folders the plan's lookups depended on, as they were before the call: a folder still as
   * recorded after the call had no entry created in it (see `FolderStates.unchangedFolder`).
   */
  readonly folders: FolderStates;
}

/**
 * Plans the bubblewrap arguments of each call of one tool, reusing the last plan while none of
 * the folders its lookups depended on has changed: about 200 lookups of protected and secret
 * paths (most of them missing) become one `stat` per folder looked in (the workspace root, `.git`,
 * the home folder, ...). A path created since, by anyone, changes its folder's change time, so
 * the next call plans afresh and mounts it read-only or masks it; a plan whose folders changed
 * just before it was made (within `SETTLED_MS`), or that looked through a symbolic link, is never
 * reused.
 */
export class SandboxPlanner {
  private last: SandboxPlan | undefined;

  /** `settledMs` is `SETTLED_MS` but in tests. */
  constructor(
    private readonly settings: BubblewrapSettings,
    private readonly settledMs = SETTLED_MS,
  ) {}

  /** The plan for a call about to start. */
  plan(): SandboxPlan {
    const last = this.last;
    if (last?.folders.unchanged()) return last;
    const folders = new FolderStates(this.settledMs);
    const { args, missing } = bubblewrapArguments(this.settings, folders);
    const plan = { args, missing, folders };
    this.last = folders.settled() ? plan : undefined;
    return plan;
  }
}
