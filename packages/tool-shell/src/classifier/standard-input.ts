import { basename, isAbsolute, resolve } from 'node:path';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import type { Redirect, SimpleCommand, StandardInput } from './simple-command';
import { outputOf } from './static-output';

/**
 * A command's standard input after its redirections: a file (`< file`), a descriptor opened
 * earlier (`<&3` after `exec 3< <(...)`), or what was given. `exec` with only redirections
 * opens descriptors for the rest of the command.
 */
export function inputFromRedirects(
  words: readonly string[],
  redirects: readonly Redirect[],
  given: StandardInput | undefined,
  scope: ShellScope,
): StandardInput | undefined {
  let stdin = given;
  const inputFile = redirects.find(
    (redirect) =>
      (redirect.operator === '<' || redirect.operator === '<&') &&
      (redirect.descriptor ?? '0') === '0',
  );
  const duplicated =
    inputFile?.operator === '<&' ? scope.descriptors.get(inputFile.target) : undefined;
  if (inputFile && !stdin?.text && (inputFile.operator === '<' || duplicated))
    stdin = { file: duplicated ?? absolute(inputFile.target, scope) };
  if (words[0] === 'exec' && words.length === 1)
    for (const redirect of redirects)
      scope.descriptors.set(
        redirect.descriptor ?? (redirect.operator.includes('<') ? '0' : '1'),
        absolute(redirect.target, scope),
      );
  return stdin;
}

function absolute(target: string, scope: ShellScope): string {
  return isAbsolute(target) || scope.cwd === undefined ? target : resolve(scope.cwd, target);
}

/** `coproc sh` then `echo CODE >&${COPROC[1]}`: what is written to the coprocess is run. */
export function coprocessInput(
  walker: ScriptWalker,
  command: SimpleCommand,
  scope: ShellScope,
): void {
  const [name, first] = command.words;
  if (name === 'coproc' && /^(ba|da|k|z)?sh$/.test(basename(first ?? '')))
    scope.descriptors.set('coproc', 'shell');
  const toCoprocess = command.redirects.some(
    (redirect) => redirect.operator.endsWith('>&') && !/^\d+$/.test(redirect.target),
  );
  const output =
    toCoprocess && scope.descriptors.get('coproc') === 'shell' ? outputOf(command) : undefined;
  if (output !== undefined) walker.nested(output, scope);
}
