import { closeSync, mkdirSync, mkdtempSync, openSync, rmdirSync, rmSync } from 'node:fs';
import { lstat, mkdir, rmdir } from 'node:fs/promises';
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

/** How long an unused placeholder stays, so calls in quick succession share it. */
const lingerMs = 1000;

/** A placeholder this process made, with the calls using it. */
interface Placeholder {
  users: number;
  /** Resolves to the folder's inode once made, or undefined when it could not be made. */
  readonly created: Promise<number | undefined>;
  timer?: ReturnType<typeof setTimeout>;
  removing?: Promise<void>;
}

const placeholders = new Map<string, Placeholder>();
let exitHandler = false;

/** Whether `path` is a placeholder this process made (in use, lingering or being removed). */
export function isPlaceholder(path: string): boolean {
  return placeholders.has(path);
}

function acquireOne(path: string): Promise<string | undefined> {
  const known = placeholders.get(path);
  if (known?.removing) return known.removing.then(() => acquireOne(path));
  if (known) {
    const lingering = known.users === 0;
    known.users++;
    clearTimeout(known.timer);
    known.timer = undefined;
    return known.created.then(async (inode) => {
      if (inode === undefined) return undefined;
      if (!lingering) return path;
      // Unused for a while: make sure nobody removed or replaced it meanwhile.
      const stat = await lstat(path).catch(() => undefined);
      if (stat?.isDirectory() && stat.ino === inode) return path;
      if (placeholders.get(path) === known) placeholders.delete(path);
      return acquireOne(path);
    });
  }
  const created = mkdir(path, { mode: 0o755 })
    .then(() => lstat(path))
    .then(
      (stat) => stat.ino,
      () => {
        // made meanwhile by someone else: mounted as it is, and not ours to remove
        placeholders.delete(path);
        return undefined;
      },
    );
  placeholders.set(path, { users: 1, created });
  if (!exitHandler) {
    exitHandler = true;
    process.once('exit', removeAllNow);
  }
  return created.then((inode) => (inode === undefined ? undefined : path));
}

/**
 * Creates an empty placeholder folder at each missing protected path (or takes one already
 * there), so the sandbox can mount it read-only and nothing can be created there, neither under
 * it nor as a file of that name. A folder even where a file is protected: git ignores empty
 * folders (git status stays clean and `git add -A` works, where a placeholder file would be
 * listed, or fail to be read), and skips a `.git` folder that is not a repository for the parent
 * (a workspace inside a larger repository keeps working). These are the only entries the sandbox
 * puts in the workspace; {@link releasePlaceholders} removes them about a second after the last
 * call using them ends (removing a folder that was a mount point of a namespace being torn down
 * can take the kernel tens of milliseconds, which a call should not wait for).
 */
export async function acquirePlaceholders(paths: readonly string[]): Promise<string[]> {
  const acquired = await Promise.all(paths.map(acquireOne));
  return acquired.filter((path): path is string => path !== undefined);
}

/** Releases placeholders; each is removed a little after its last user, if still empty and ours. */
export function releasePlaceholders(paths: readonly string[]): void {
  for (const path of paths) {
    const known = placeholders.get(path);
    if (!known || --known.users > 0) continue;
    known.timer = setTimeout(() => {
      known.timer = undefined;
      known.removing = remove(path, known);
    }, lingerMs);
    known.timer.unref();
  }
}

async function remove(path: string, known: Placeholder): Promise<void> {
  const inode = await known.created;
  try {
    const stat = await lstat(path);
    if (stat.isDirectory() && stat.ino === inode) await rmdir(path);
  } catch {
    // gone, or no longer empty (written from outside meanwhile): left as it is
  }
  placeholders.delete(path);
}

/** At exit: the unused placeholders go at once. */
function removeAllNow(): void {
  for (const [path, known] of placeholders) {
    if (known.users > 0) continue;
    try {
      rmdirSync(path);
    } catch {
      // not empty or gone
    }
  }
}
