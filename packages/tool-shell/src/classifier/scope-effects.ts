import { dirsCommand, popDirectory, pushDirectory } from './directory-stack';
import type { ShellScope } from './shell-scope';
import type { SimpleCommand } from './simple-command';
import { staticPipelineOutput } from './static-output';
import { changeDirectory } from './working-folder';
import { recordWrites } from './written-files';

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
  // `builtin cd`, `command cd` and `eval cd DIR` change the folder as `cd` does.
  let words = command.words;
  while (/^(builtin|command)$/.test(words[0] ?? '') && !words[1]?.startsWith('-'))
    words = words.slice(1);
  if (words[0] === 'eval' && words.length > 1) {
    words = words.slice(1).join(' ').trim().split(/\s+/);
    // `eval x=/`: the assignment happens in this shell.
    if (words.every((word) => /^[A-Za-z_]\w*=/.test(word) && !/[$`'"\\]/.test(word)))
      for (const word of words)
        scope.set(word.slice(0, word.indexOf('=')), [word.slice(word.indexOf('=') + 1)]);
  }
  const [name, ...args] = words;
  // `$_` is the last argument of the previous command.
  if (command.words.length) scope.set('_', [command.words.at(-1)!]);
  switch (name) {
    case 'cd':
      changeDirectory(args, scope, commandScope);
      return;
    case 'pushd':
      pushDirectory(args, scope, commandScope);
      return;
    case 'popd':
      popDirectory(args, scope, commandScope);
      return;
    case 'dirs':
      dirsCommand(args, scope);
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
      readInto(args, inputText(command, scope), scope, commandScope.get('IFS')?.[0] ?? ' \t\n');
      return;
    case 'mapfile':
    case 'readarray': {
      const target = args.filter((arg) => !arg.startsWith('-')).at(-1) ?? 'MAPFILE';
      const text = inputText(command, scope);
      scope.set(
        target,
        // Lines with unknown parts are still lines: the unknown part stays in its element.
        text !== undefined ? text.replace(/\n$/, '').split('\n') : undefined,
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

function readInto(
  args: readonly string[],
  input: string | undefined,
  scope: ShellScope,
  separators = ' \t\n',
): void {
  const names: string[] = [];
  let arrayName: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (/^-[a-zA-Z]*a$/.test(arg)) arrayName = args[++index];
    else if (/^-[dpntuNi]$/.test(arg)) index++;
    else if (!arg.startsWith('-')) names.push(arg);
  }
  const line = input !== undefined ? input.split('\n')[0]! : undefined;
  // Fields are split at the characters of IFS (`IFS=: read a b` splits at colons).
  const pattern = new RegExp(`[${separators.replace(/[\]\\^-]/g, '\\$&')}]+`);
  const fields = separators.trim()
    ? line?.split(pattern)
    : line
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

/** A command's input text: a here-string or pipe, or a file written earlier (a process substitution). */
function inputText(command: SimpleCommand, scope: ShellScope): string | undefined {
  const file = command.stdin?.file;
  return command.stdin?.text ?? (file === undefined ? undefined : scope.files.get(file)?.text);
}
