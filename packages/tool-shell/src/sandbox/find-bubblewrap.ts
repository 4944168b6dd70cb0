import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, sep } from 'node:path';

function within(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest === '' || (!rest.startsWith(`..${sep}`) && rest !== '..' && !isAbsolute(rest));
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Finds the bubblewrap binary to run: an absolute `configured` path as given, or the first
 * `configured` name (default `bwrap`) in an absolute PATH folder. A binary inside the workspace
 * is never used (a planted `./bwrap` or `node_modules/.bin/bwrap` would run unsandboxed with the
 * tool's rights), nor a relative PATH entry. Returns the absolute path, or why none was found.
 */
export function findBubblewrap(
  workspaceRoot: string,
  configured = 'bwrap',
  searchPath = process.env.PATH ?? '',
): { path: string } | { reason: string } {
  const workspace = realOrSelf(workspaceRoot);
  const usable = (candidate: string) => {
    try {
      if (!statSync(candidate).isFile()) return false;
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (isAbsolute(configured)) {
    if (within(workspace, realOrSelf(configured)))
      return { reason: `${configured} is inside the workspace, so it is not used` };
    return usable(configured)
      ? { path: configured }
      : { reason: `${configured} does not exist or is not executable` };
  }
  if (configured.includes('/'))
    return {
      reason: `bubblewrapPath must be a name on PATH or an absolute path, not ${configured}`,
    };
  for (const folder of searchPath.split(delimiter)) {
    if (!isAbsolute(folder)) continue;
    const candidate = join(folder, configured);
    if (within(workspace, realOrSelf(candidate))) continue;
    if (usable(candidate)) return { path: candidate };
  }
  return {
    reason: `${configured} is not installed (no ${configured} in an absolute PATH folder outside the workspace; Debian/Ubuntu package: bubblewrap)`,
  };
}
