import { type BigIntStats, lstatSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A folder changed less than this long before it was looked at is not trusted to show a later
 * change: file times come from a coarse clock (one kernel tick, up to 10 ms; whole seconds on some
 * file systems, two on FAT), so two changes within one tick can leave the same change time. Git
 * calls this the "racy" case.
 */
export const SETTLED_MS = 3000;

/** A folder's identity and the last change to it (`null`: missing, or not a folder). */
type FolderState = { readonly dev: bigint; readonly ino: bigint; readonly ctimeNs: bigint } | null;

function stateOf(path: string): FolderState {
  // Following links: the folder a lookup under `path` really looks in.
  let stat: BigIntStats | undefined;
  try {
    stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    return null; // a file on the way (ENOTDIR), or unreadable
  }
  return stat?.isDirectory() ? { dev: stat.dev, ino: stat.ino, ctimeNs: stat.ctimeNs } : null;
}

const same = (a: FolderState, b: FolderState) =>
  a === b || (!!a && !!b && a.dev === b.dev && a.ino === b.ino && a.ctimeNs === b.ctimeNs);

/**
 * The folders a sandbox plan's lookups depended on, with their state when the plan was made, so
 * that a later call can tell, with one `stat` per folder, that nothing the plan saw can have
 * changed. It rests on one rule of POSIX file systems: creating, removing or renaming an entry in
 * a folder sets the folder's change time (ctime), and no program can set a ctime back (only
 * changing the system clock can, which needs a capability the sandbox drops). A folder that
 * changed within {@link SETTLED_MS} of the plan is not trusted ({@link settled} is false), nor is
 * a plan that looked through a symbolic link whose target could change elsewhere
 * ({@link markUnwatchable}). Mounts made on the host are not seen (a sandboxed command's own
 * mounts stay in its namespace).
 */
export class FolderStates {
  private readonly states = new Map<string, FolderState>();
  private readonly startedAt: number;
  private watchable = true;

  /** Starts recording; `settledMs` is {@link SETTLED_MS} but in tests. */
  constructor(private readonly settledMs = SETTLED_MS) {
    // Before any lookup: a change after it has a ctime of at least this, less one clock tick.
    this.startedAt = Date.now();
  }

  /** Records that a lookup of an entry of folder `path` was made. */
  record(path: string): void {
    if (!this.states.has(path)) this.states.set(path, stateOf(path));
  }

  /**
   * Records the lookup of a path found missing (as `stat` follows links): the folder where its
   * first missing component was looked for. A link on the way makes the plan unwatchable.
   */
  recordMissing(path: string): void {
    for (let child = path, parent = dirname(path); parent !== child; ) {
      let entry: ReturnType<typeof lstatSync>;
      let folder: FolderState;
      try {
        entry = lstatSync(child, { throwIfNoEntry: false });
        folder = stateOf(parent);
      } catch {
        this.markUnwatchable(); // unreadable: looked up again next time
        return;
      }
      if (entry?.isSymbolicLink()) {
        this.markUnwatchable();
        return;
      }
      if (folder) {
        this.record(parent);
        return;
      }
      child = parent;
      parent = dirname(parent);
    }
    this.markUnwatchable();
  }

  /** The plan depended on something a folder's state does not show (a link's target). */
  markUnwatchable(): void {
    this.watchable = false;
  }

  /** Whether every recorded folder had been still for {@link SETTLED_MS} and nothing was unwatchable. */
  settled(): boolean {
    if (!this.watchable) return false;
    return [...this.states.keys()].every((path) => this.settledFolder(path));
  }

  private settledFolder(path: string): boolean {
    const state = this.states.get(path);
    if (state === undefined || !this.watchable) return false;
    // A missing folder has no ctime; its parent's lookup (recorded too) shows its creation.
    return state === null || state.ctimeNs < BigInt(this.startedAt - this.settledMs) * 1_000_000n;
  }

  /** Whether every recorded folder is still as recorded (one `stat` each). */
  unchanged(): boolean {
    for (const [path, state] of this.states) if (!same(state, stateOf(path))) return false;
    return true;
  }

  /**
   * Whether folder `path` was recorded settled and is still as recorded, so no entry of it was
   * created since; false for a folder not recorded.
   */
  unchangedFolder(path: string): boolean {
    return this.settledFolder(path) && same(this.states.get(path) ?? null, stateOf(path));
  }
}
