import { isAbsolute, resolve } from 'node:path';
import type { ShellScope } from './shell-scope';
import { DYNAMIC, isStatic } from './shell-word';
import { changeDirectory } from './working-folder';

/**
 * bash's directory stack as `dirs` shows it: the working folder first, then the folders saved
 * by `pushd` (undefined entries: only known at run time); undefined when the whole stack is.
 */
export function directoryList(scope: ShellScope): (string | undefined)[] | undefined {
  return scope.dirStack === undefined ? undefined : [scope.cwd, ...scope.dirStack];
}

/** The position `+N` / `-N` names in a list of `length` entries (`-0` is the last), if valid. */
function position(spec: string, length: number): number | undefined {
  const match = /^([+-])(\d+)$/.exec(spec);
  if (!match) return undefined;
  const count = Number(match[2]);
  const index = match[1] === '+' ? count : length - 1 - count;
  return index >= 0 && index < length ? index : undefined;
}

/** Makes `folder` the working folder as `cd` would (OLDPWD included). */
function moveTo(folder: string | undefined, scope: ShellScope, commandScope: ShellScope): void {
  if (folder === undefined) {
    scope.oldCwd = scope.cwd;
    scope.cwd = undefined;
  } else changeDirectory(['--', folder], scope, commandScope);
}

/**
 * `pushd [-n] [DIR | +N | -N]`: with DIR, saves the working folder on the stack and changes to
 * DIR (`-n`: only adds DIR, below the top); with `+N`/`-N`, rotates the stack so that entry N is
 * on top and changes to it; with nothing, swaps the top two entries.
 */
export function pushDirectory(
  args: readonly string[],
  scope: ShellScope,
  commandScope: ShellScope,
): void {
  const noChange = args.includes('-n');
  const rest = args.filter((arg) => arg !== '-n' && arg !== '--');
  const list = directoryList(scope);
  const target = rest[0];
  const rotation = target === undefined ? undefined : position(target, list?.length ?? 0);
  if (target !== undefined && /^[+-]\d+$/.test(target)) {
    if (!list || rotation === undefined) {
      forget(scope);
      return;
    }
    const rotated = [...list.slice(rotation), ...list.slice(0, rotation)];
    if (!noChange) moveTo(rotated[0], scope, commandScope);
    scope.dirStack = rotated.slice(1);
    return;
  }
  if (target === undefined) {
    if (!list || list.length < 2) return;
    const [top, second, ...others] = list;
    if (!noChange) moveTo(second, scope, commandScope);
    scope.dirStack = [top, ...others];
    return;
  }
  if (noChange) {
    const folder =
      isStatic(target) && (isAbsolute(target) || scope.cwd !== undefined)
        ? resolve(scope.cwd ?? '/', target)
        : undefined;
    scope.dirStack = list ? [folder, ...(scope.dirStack ?? [])] : undefined;
    return;
  }
  const previous = scope.cwd;
  changeDirectory(rest, scope, commandScope);
  scope.dirStack = list ? [previous, ...(scope.dirStack ?? [])] : undefined;
}

/**
 * `popd [-n] [+N | -N]`: removes the top entry and changes to the next one (`-n`: removes the
 * entry below the top and stays); with `+N`/`-N`, removes entry N (changing folder only for
 * entry 0).
 */
export function popDirectory(
  args: readonly string[],
  scope: ShellScope,
  commandScope: ShellScope,
): void {
  const noChange = args.includes('-n');
  const spec = args.find((arg) => /^[+-]\d+$/.test(arg));
  const list = directoryList(scope);
  if (!list) {
    if (!noChange && (spec === undefined || /^\+0$/.test(spec))) moveTo(undefined, scope, scope);
    return;
  }
  let index = spec === undefined ? 0 : position(spec, list.length);
  if (index === undefined || list.length < 2) return;
  if (noChange && index === 0) index = 1;
  const remaining = list.filter((_entry, at) => at !== index);
  if (index === 0) moveTo(remaining[0], scope, commandScope);
  scope.dirStack = remaining.slice(1);
}

/** `dirs -c` empties the stack; other forms only print it. */
export function dirsCommand(args: readonly string[], scope: ShellScope): void {
  if (args.some((arg) => /^-[a-z]*c/.test(arg))) scope.dirStack = [];
}

/** After a command whose effect on the stack is not known. */
function forget(scope: ShellScope): void {
  scope.dirStack = undefined;
  scope.oldCwd = scope.cwd;
  scope.cwd = undefined;
}

/**
 * The folder a tilde prefix naming a stack entry stands for (`~1`, `~+2`, `~-0`), as `dirs +N`
 * / `dirs -N` print it; {@link DYNAMIC} when unknown; undefined when the prefix is not one.
 */
export function stackEntry(prefix: string, scope: ShellScope): string | undefined {
  const match = /^([+-]?)(\d+)$/.exec(prefix);
  if (!match) return undefined;
  const list = directoryList(scope);
  if (!list) return DYNAMIC;
  const index = position(`${match[1] || '+'}${match[2]}`, list.length);
  return index === undefined ? undefined : (list[index] ?? DYNAMIC);
}

/** `DIRSTACK`: the stack as an array, unknown entries marked {@link DYNAMIC}. */
export function directoryStackValue(scope: ShellScope): string[] | undefined {
  return directoryList(scope)?.map((entry) => entry ?? DYNAMIC);
}
