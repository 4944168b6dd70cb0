import { basename, dirname, isAbsolute, resolve } from 'node:path';
import type { Finding } from '../finding';
import { globToRegExp } from '../glob-patterns';
import { DYNAMIC, isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { writtenFile } from './code-sources';
import { type Rule, type RuleContext, warn } from './rule';
import { fromFile } from './script-sources';

const shell = { shell: true } as const;

/** Files written earlier in the command under a folder (and matching a name pattern). */
function writtenUnder(command: SimpleCommand, folder: string, name?: string): string[] {
  const files = command.files;
  if (!files) return [];
  const pattern = name && isStatic(name) ? globToRegExp(name) : undefined;
  return [...files.keys()].filter(
    (path) =>
      (path === folder || path.startsWith(`${folder.replace(/\/$/, '')}/`)) &&
      !path.includes('*') &&
      (!pattern || new RegExp(`^(?:${pattern.source})$`).test(basename(path))),
  );
}

function runAll(
  paths: readonly string[],
  program: string,
  command: SimpleCommand,
  context: RuleContext,
): Finding[] {
  return paths.flatMap((path) => fromFile(path, program, command, context, shell));
}

/** `find ROOT [-name N] -exec {} \;`: every file it finds is run as a program. */
function foundAndRun(
  words: readonly string[],
  command: SimpleCommand,
  context: RuleContext,
): Finding[] {
  const at = words.findIndex(
    (word, index) =>
      /^-(exec|execdir|ok|okdir)$/.test(word) && /(^|\/)\{\}$/.test(words[index + 1] ?? ''),
  );
  if (at === -1 || command.cwd === undefined) return [];
  let start = 1;
  while (/^-([HLP]+|D|O\d*)$/.test(words[start] ?? '')) start++;
  const roots: string[] = [];
  for (let index = start; index < words.length && !/^[-(!]/.test(words[index]!); index++)
    roots.push(words[index]!);
  const name = words[words.findIndex((word) => /^-i?name$/.test(word)) + 1];
  return (roots.length ? roots : ['.']).flatMap((root) =>
    runAll(writtenUnder(command, resolve(command.cwd!, root), name), 'find', command, context),
  );
}

/** `... | xargs -I{} ./{}`: the program run is a name read from the input. */
function listedAndRun(
  words: readonly string[],
  command: SimpleCommand,
  context: RuleContext,
): Finding[] {
  let replace: string | undefined;
  let index = 1;
  for (; index < words.length && words[index]!.startsWith('-'); index++) {
    const word = words[index]!;
    if (word === '-I') replace = words[++index];
    else if (word.startsWith('-I')) replace = word.slice(2);
    else if (/^(-i|--replace)$/.test(word)) replace = '{}';
    else if (/^(-i|--replace=)/.test(word)) replace = word.replace(/^(-i|--replace=)/, '') || '{}';
    else if (/^-[dEeLnPs]$|^--(delimiter|max-args|max-procs|arg-file)$/.test(word)) index++;
  }
  const program = words[index];
  if (!replace || !program?.includes(replace) || command.cwd === undefined) return [];
  return runAll(writtenUnder(command, command.cwd), 'xargs', command, context);
}

/** A bare program name looked up through a PATH that starts with folders of the workspace (`PATH=.:$PATH x`). */
function foundOnPath(name: string, command: SimpleCommand, context: RuleContext): Finding[] {
  const path = command.environment?.get('PATH')?.[0];
  if (path === undefined || command.cwd === undefined || name.includes('/')) return [];
  const findings: Finding[] = [];
  for (const entry of path.split(':')) {
    if (entry.includes(DYNAMIC)) break;
    const file = resolve(command.cwd, entry || '.', name);
    if (writtenFile(command.files, file))
      findings.push(...fromFile(file, name, command, context, shell));
  }
  return findings;
}

/** Folders that hold installed programs: putting them first on PATH is ordinary. */
const programFolders =
  /^(\/usr(\/local)?\/s?bin|\/s?bin|\/opt\/[^/]+\/s?bin|\/usr\/lib\/[^/]+\/bin|\/snap\/bin|~?\/?[^:]*\/(\.local|\.cargo|go|\.npm-global|\.bun|\.deno|\.volta|\.nvm\/[^:]*|\.pyenv\/[^:]*|\.rbenv\/[^:]*|\.sdkman\/[^:]*)\/bin|.*\/node_modules\/\.bin)\/?$/;

/** A PATH that puts a folder outside the workspace, not one of installed programs, first (`PATH=/tmp/x:$PATH git`). */
function outsidePath(command: SimpleCommand, workspace: string, home: string): Finding[] {
  const path = command.environment?.get('PATH')?.[0];
  if (path === undefined) return [];
  for (const entry of path.split(':')) {
    if (entry.includes(DYNAMIC)) break;
    const folder = resolve(command.cwd ?? '/', entry || '.');
    if (folder === workspace || folder.startsWith(`${workspace}/`)) continue;
    if (programFolders.test(folder) || folder === `${home}/bin`) continue;
    return [
      warn(
        'path-hijack',
        `Programs are looked up first in ${entry}, outside the workspace, so any of them can be replaced.`,
      ),
    ];
  }
  return [];
}

/**
 * Scripts written earlier in the same command and then run in ways that do not name them as a
 * shell's argument: found by `find -exec {}`, read from the input by `xargs -I{} ./{}`, looked up
 * through a PATH that starts with a workspace folder, or named by a glob (`./?`).
 */
export const writtenRunRule: Rule = ({ command, name }, context) => {
  const hijack = outsidePath(command, context.paths.workspaceRoot, context.paths.homeDir);
  if (!command.files?.size) return hijack;
  const words = command.words;
  const program = basename(words[0] ?? '');
  const findings: Finding[] = [...hijack];
  if (program === 'find') findings.push(...foundAndRun(words, command, context));
  if (program === 'xargs') findings.push(...listedAndRun(words, command, context));
  if (name && isStatic(name) && !name.includes('/'))
    findings.push(...foundOnPath(name, command, context));
  if (name && /[*?[]/.test(name) && command.cwd !== undefined) {
    const full = isAbsolute(name) ? name : resolve(command.cwd, name);
    findings.push(
      ...runAll(writtenUnder(command, dirname(full), basename(full)), name, command, context),
    );
  }
  return findings;
};
