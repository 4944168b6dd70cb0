import {
  cpSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  type Stats,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { FolderStates } from './folder-states';
import type { MissingPath } from './protected-mounts';

/** One path moved out of the workspace. */
interface MovedPath {
  /** Workspace-relative. */
  readonly name: string;
  /** `folder`, `file`, `symbolic link to <target>`, ... */
  readonly kind: string;
}

let sweeps = 0;

function kindOf(path: string, stat: Stats): string {
  if (stat.isDirectory()) return 'folder';
  if (stat.isSymbolicLink()) {
    let target = '?';
    try {
      target = readlinkSync(path);
    } catch {
      // gone meanwhile
    }
    return `symbolic link to ${target}`;
  }
  return stat.isFile() ? 'file' : 'special file';
}

/** Moves `path` to `destination`, copying and removing when they are on different file systems. */
function move(path: string, destination: string): void {
  mkdirSync(dirname(destination), { recursive: true, mode: 0o700 });
  try {
    renameSync(path, destination);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(path, destination, {
      recursive: true,
      verbatimSymlinks: true,
      preserveTimestamps: true,
      errorOnExist: true,
      force: false,
    });
    rmSync(path, { recursive: true, force: true });
  }
}

/**
 * What to move from `top` (a created folder above `hostFolder`) so that `hostFolder` stays: at
 * each level from `top` down, every entry but the folder on the way to it, and that folder too
 * when it is not a plain folder (a symbolic link there would have sent the host's writes
 * elsewhere, so it goes, and what is under it with it).
 */
function besideFolder(top: string, hostFolder: string): (readonly [string, Stats])[] {
  const away: (readonly [string, Stats])[] = [];
  const segments = relative(top, hostFolder).split(sep);
  let current = top;
  for (const segment of segments) {
    let names: string[];
    try {
      names = readdirSync(current);
    } catch {
      return away;
    }
    for (const name of names) {
      if (name === segment) continue;
      const path = join(current, name);
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (stat) away.push([path, stat]);
    }
    current = join(current, segment);
    const stat = lstatSync(current, { throwIfNoEntry: false });
    if (!stat) return away;
    if (!stat.isDirectory()) {
      away.push([current, stat]);
      return away;
    }
  }
  return away;
}

/**
 * Watches the protected paths that did not exist before a sandboxed call (`missing`, from
 * `planWorkspaceProtection`, plus `.git/commondir` when `.git` is a folder: a commondir makes git
 * outside read another repository's config and hooks). Call the returned function once the call
 * has ended: the sandbox's PID namespace guarantees nothing inside still runs. Each watched path
 * that now exists (a file, a folder, a symbolic link, however it got there, `mv` included), and
 * each symbolic link made where a missing folder above one was, is moved out of the workspace into
 * `<quarantineDir>/<time>-<pid>-<n>/<its workspace-relative path>`: nothing is deleted, and git,
 * editors, CI and agents outside never read it. Returns the notice for the Bash result, or
 * undefined when nothing was created.
 *
 * `hostFolder` is a folder the host itself may make during the call (the registry's spill folder,
 * when it is in the workspace and did not exist before): it and what is in it stay, with the
 * plain folders above it; everything else created there is moved as usual.
 *
 * With `folders` (the plan's folders as they were before the call), a watched path whose first
 * missing component's folder is still as recorded is skipped: nothing was created in that folder.
 *
 * While the call runs, a created file does exist on the host: a program outside that reads it
 * during the call (an editor already watching `.vscode`) sees it. The paths that matter most
 * (`.git/hooks`, `.git/config`) exist in every repository and are mounted read-only instead.
 */
export function watchCreatedPaths(
  workspaceRoot: string,
  missing: readonly MissingPath[],
  quarantineDir: string,
  hostFolder?: string,
  folders?: FolderStates,
): () => string | undefined {
  const watched = [...missing];
  const git = join(workspaceRoot, '.git');
  const commonDir = join(git, 'commondir');
  if (
    lstatSync(git, { throwIfNoEntry: false })?.isDirectory() &&
    !lstatSync(commonDir, { throwIfNoEntry: false })
  )
    watched.push({ path: commonDir, firstMissing: commonDir });
  return () => {
    const found = new Map<string, Stats>();
    const unchanged = new Map<string, boolean>();
    const untouched = (folder: string) => {
      let known = unchanged.get(folder);
      if (known === undefined) {
        known = !!folders?.unchangedFolder(folder);
        unchanged.set(folder, known);
      }
      return known;
    };
    for (const { path, firstMissing } of watched) {
      if (untouched(dirname(firstMissing))) continue;
      // From the first missing component down: a link there could point the protected path
      // anywhere; a plain file there leaves no room for it.
      const rest = relative(firstMissing, path);
      const segments = rest === '' ? [] : rest.split(sep);
      let current = firstMissing;
      for (let index = 0; ; index++) {
        const stat = lstatSync(current, { throwIfNoEntry: false });
        if (!stat) break;
        if (current === path || stat.isSymbolicLink()) {
          if (![...found.keys()].some((done) => current.startsWith(`${done}${sep}`)))
            found.set(current, stat);
          break;
        }
        if (!stat.isDirectory() || index >= segments.length) break;
        current = join(current, segments[index] as string);
      }
    }
    if (!found.size) return undefined;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const folder = join(quarantineDir, `${stamp}-${process.pid}-${++sweeps}`);
    const moved: MovedPath[] = [];
    const failed: string[] = [];
    const targets = [...found].flatMap(([path, stat]) =>
      hostFolder && stat.isDirectory() && hostFolder.startsWith(`${path}${sep}`)
        ? besideFolder(path, hostFolder)
        : hostFolder === path && stat.isDirectory()
          ? []
          : [[path, stat] as const],
    );
    for (const [path, stat] of targets.sort(([a], [b]) => a.localeCompare(b))) {
      const name = relative(workspaceRoot, path);
      if (moved.some((done) => path.startsWith(join(workspaceRoot, done.name) + sep))) continue;
      const kind = kindOf(path, stat);
      try {
        move(path, join(folder, name));
        moved.push({ name, kind });
      } catch (error) {
        // Never left in place: removed when it cannot be kept.
        rmSync(path, { recursive: true, force: true });
        failed.push(
          `${name} (${kind}; removed: it could not be moved, ${(error as Error).message})`,
        );
      }
    }
    if (!moved.length && !failed.length) return undefined;
    const list = [...moved.map(({ name, kind }) => `${name} (${kind})`), ...failed].join(', ');
    return `[Moved out of the workspace after the command: ${list}${moved.length ? `, now in ${folder}` : ''}. These paths make programs outside the sandbox run code or change permissions (git hooks and config, editor tasks, CI, agent and tool configuration), so commands in the sandbox cannot create them; nothing else was touched. If one is needed, ask the user to create it.]`;
  };
}
