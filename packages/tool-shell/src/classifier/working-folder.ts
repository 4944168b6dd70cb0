import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ShellScope } from './shell-scope';
import { DYNAMIC, isStatic } from './shell-word';
import { normalizePath } from './target-paths';

/**
 * `cd`/`pushd` with `-P`, `-L`, `--`, `-`, `CDPATH` and unknown parts that `..` takes back: the
 * folder the shell is in afterwards (undefined when only known at run time).
 */
export function changeDirectory(
  args: readonly string[],
  scope: ShellScope,
  commandScope: ShellScope,
): void {
  let index = 0;
  let physical = false;
  while (index < args.length && /^-[LPe@]+$/.test(args[index]!)) {
    if (args[index]!.includes('P')) physical = true;
    index++;
  }
  if (args[index] === '--') index++;
  const target = args[index];
  const previous = scope.cwd;
  let next: string | undefined;
  if (target === undefined) next = scope.get('HOME')?.[0];
  // `cd -` is `cd "$OLDPWD"` (an assigned OLDPWD included).
  else if (target === '-') next = scope.get('OLDPWD')?.[0];
  else if (!isStatic(target)) next = cancelledUnknown(target, scope.cwd);
  else if (isAbsolute(target)) next = resolve(target);
  else next = fromCdPath(target, scope.cwd, commandScope.get('CDPATH')?.[0]);
  if (next !== undefined && physical) next = realFolder(next);
  // The kernel's views of the root folder (`/proc/self/root`) are the root folder.
  if (next !== undefined) next = normalizePath(next, undefined);
  scope.oldCwd = previous;
  if (scope.variables.has('OLDPWD'))
    scope.set('OLDPWD', previous === undefined ? undefined : [previous]);
  scope.cwd = next;
}

function fromCdPath(
  target: string,
  cwd: string | undefined,
  cdPath: string | undefined,
): string | undefined {
  if (cdPath !== undefined && isStatic(cdPath) && !/^\.\.?(\/|$)/.test(target)) {
    for (const entry of cdPath.split(':')) {
      if (!isAbsolute(entry || '.') && cwd === undefined) continue;
      const candidate = resolve(cwd ?? '/', entry || '.', target);
      if (isFolder(candidate)) return candidate;
    }
  }
  if (cwd === undefined) return undefined;
  const local = resolve(cwd, target);
  // Neither exists here: bash would find it through CDPATH where it does exist.
  const first = cdPath?.split(':')[0];
  if (
    cdPath !== undefined &&
    isStatic(cdPath) &&
    first &&
    !isFolder(local) &&
    !/^\.\.?(\/|$)/.test(target)
  )
    return resolve(cwd, first, target);
  return local;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function realFolder(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * A folder whose unknown part is taken back by `..` (`"$(mktemp -d)"/../..` is `/`): known when
 * every component holding an unknown part also has known text and is cancelled by a later `..`.
 */
function cancelledUnknown(target: string, cwd: string | undefined): string | undefined {
  if (!isAbsolute(target) && cwd === undefined) return undefined;
  const components = target.split('/');
  if (components.some((part) => part.includes(DYNAMIC) && part.replaceAll(DYNAMIC, '') === ''))
    return undefined;
  const resolved = resolve(cwd ?? '/', target);
  return resolved.includes(DYNAMIC) ? undefined : resolved;
}
