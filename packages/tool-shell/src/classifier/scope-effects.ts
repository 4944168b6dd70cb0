import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { downloadTargets } from './download-targets';
import type { ShellScope } from './shell-scope';
import { DYNAMIC, isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';
import { staticPipelineOutput } from './static-output';

/** The output of one command when it is known without running anything. */
export function outputOf(command: SimpleCommand): string | undefined {
  return staticPipelineOutput([{ words: command.words, input: command.stdin?.text }]);
}

/**
 * What a command that has run changes in the shell's state: `cd`/`pushd`/`popd` (with `-P`,
 * `-L`, `--`, `-` and `CDPATH`), `set --`, `shift`, `read` and `mapfile` from known input,
 * `printf -v`, and the files it writes (redirections, `tee`, `curl -o`, `wget -O`, `cp`).
 */
export function applyEffects(
  command: SimpleCommand,
  scope: ShellScope,
  commandScope: ShellScope,
): void {
  recordWrites(command, scope);
  const [name, ...args] = command.words;
  switch (name) {
    case 'cd':
    case 'pushd':
      changeDirectory(args, scope, commandScope);
      return;
    case 'popd':
      scope.oldCwd = scope.cwd;
      scope.cwd = undefined;
      return;
    case 'set': {
      const end = args.indexOf('--');
      if (end !== -1) scope.positional = args.slice(end + 1);
      else if (args.length && !/^[-+]/.test(args[0]!)) scope.positional = args;
      return;
    }
    case 'hash': {
      // `hash -p /usr/bin/rm ls`: `ls` runs rm from now on.
      const at = args.indexOf('-p');
      if (at !== -1 && args[at + 1] && args[at + 2])
        scope.set(`hash:${args[at + 2]}`, [args[at + 1]!]);
      return;
    }
    case 'shift': {
      const count = Number(args[0] ?? 1);
      scope.positional = Number.isInteger(count) ? scope.positional?.slice(count) : undefined;
      return;
    }
    case 'read':
      readInto(args, inputText(command, scope), scope);
      return;
    case 'mapfile':
    case 'readarray': {
      const target = args.filter((arg) => !arg.startsWith('-')).at(-1) ?? 'MAPFILE';
      const text = inputText(command, scope);
      scope.set(
        target,
        text !== undefined && isStatic(text) ? text.replace(/\n$/, '').split('\n') : undefined,
      );
      return;
    }
    case 'printf':
      if (args[0] === '-v' && args[1]) {
        const output = staticPipelineOutput([{ words: ['printf', ...args.slice(2)] }]);
        scope.set(args[1], output === undefined ? undefined : [output]);
      }
      return;
    default:
      return;
  }
}

function changeDirectory(
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
  else if (target === '-') next = scope.oldCwd;
  else if (!isStatic(target)) next = cancelledUnknown(target, scope.cwd);
  else if (isAbsolute(target)) next = resolve(target);
  else next = fromCdPath(target, scope.cwd, commandScope.get('CDPATH')?.[0]);
  if (next !== undefined && physical) next = realFolder(next);
  scope.oldCwd = previous;
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

function readInto(args: readonly string[], input: string | undefined, scope: ShellScope): void {
  const names: string[] = [];
  let arrayName: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (/^-[a-zA-Z]*a$/.test(arg)) arrayName = args[++index];
    else if (/^-[dpntuNi]$/.test(arg)) index++;
    else if (!arg.startsWith('-')) names.push(arg);
  }
  const line = input !== undefined && isStatic(input) ? input.split('\n')[0]! : undefined;
  const fields = line
    ?.trim()
    .split(/[ \t]+/)
    .filter(Boolean);
  if (arrayName) scope.set(arrayName, fields);
  const targets = names.length || arrayName ? names : ['REPLY'];
  targets.forEach((name, position) => {
    if (!fields) scope.set(name, undefined);
    else if (position === targets.length - 1) scope.set(name, [fields.slice(position).join(' ')]);
    else scope.set(name, [fields[position] ?? '']);
  });
}

const downloaders = new Set(['curl', 'wget']);

function recordWrites(command: SimpleCommand, scope: ShellScope): void {
  const where = (target: string) =>
    isStatic(target) && (isAbsolute(target) || command.cwd !== undefined)
      ? resolve(command.cwd ?? '/', target)
      : undefined;
  const program = basename(command.words[0] ?? '');
  const downloaded = downloaders.has(program);
  const output = outputOf(command);
  for (const redirect of command.redirects) {
    if (!/>/.test(redirect.operator) || redirect.target.startsWith('/dev/')) continue;
    const path = where(redirect.target);
    if (!path) continue;
    const before = redirect.operator.endsWith('>>') ? scope.files.get(path)?.text : '';
    const text = output === undefined || before === undefined ? undefined : before + output;
    scope.files.set(path, { text, downloaded });
  }
  const args = command.words.slice(1);
  if (program === 'tee') {
    for (const arg of args.filter((word) => !word.startsWith('-'))) {
      const path = where(arg);
      if (path) scope.files.set(path, { text: command.stdin?.text, downloaded: false });
    }
  }
  if (downloaded) {
    for (const file of downloadTargets(program, args)) {
      const path = where(file);
      if (path) scope.files.set(path, { downloaded: true });
    }
  }
  if (program === 'ln' && args.some((arg) => /^-[a-zA-Z]*s|^--symbolic$/.test(arg))) {
    const operands = args.filter((arg) => !arg.startsWith('-'));
    const target = operands[0];
    const link =
      operands.length > 1 ? where(operands.at(-1)!) : target ? where(basename(target)) : undefined;
    if (target && link && isStatic(target)) {
      const pointsTo = resolve(isAbsolute(target) ? '/' : dirname(link), target);
      const existing = scope.files.get(link);
      scope.files.set(
        existing?.link === undefined && existing ? resolve(link, basename(target)) : link,
        { downloaded: false, link: pointsTo },
      );
    }
  }
  if (program === 'git' && args.includes('clone')) {
    const operands = args.slice(args.indexOf('clone') + 1).filter((arg) => !arg.startsWith('-'));
    const folder = operands[1] ?? basename(operands[0] ?? '').replace(/\.git$/, '');
    const path = folder ? where(folder) : undefined;
    if (path) scope.files.set(path, { downloaded: true });
  }
  if ((program === 'cp' || program === 'mv') && args.length >= 2) {
    const source = where(args.at(-2)!);
    const target = where(args.at(-1)!);
    const known = source ? scope.files.get(source) : undefined;
    if (known && target) scope.files.set(target, known);
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

/** A command's input text: a here-string or pipe, or a file written earlier (a process substitution). */
function inputText(command: SimpleCommand, scope: ShellScope): string | undefined {
  const file = command.stdin?.file;
  return command.stdin?.text ?? (file === undefined ? undefined : scope.files.get(file)?.text);
}
