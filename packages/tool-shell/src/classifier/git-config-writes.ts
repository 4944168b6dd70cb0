import { resolve } from 'node:path';
import type { ShellScope } from './shell-scope';
import { isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';

/** `git config` options that choose a file other than the repository's own `.git/config`. */
const otherFile = /^(--global|--system|--file|-f|--blob|--file=.*|--worktree)$/;

/**
 * Records what `git config [--local] [set] KEY VALUE` appends to the repository's `.git/config`
 * (the folder's `.git`), so that later commands read the setting as git will: `git config
 * core.worktree / && git clean -fdx` cleans `/`.
 */
export function recordGitConfigWrite(command: SimpleCommand, scope: ShellScope): void {
  const [name, ...args] = command.words;
  if (name !== 'git' || command.cwd === undefined) return;
  const at = args.indexOf('config');
  if (at !== 0) return;
  let rest = args.slice(1);
  if (rest.some((arg) => otherFile.test(arg))) return;
  rest = rest.filter((arg) => !/^(--local|--add|--replace-all|--type=.*)$/.test(arg));
  if (rest[0] === 'set') rest = rest.slice(1);
  const [key, value] = rest;
  if (key === undefined || value === undefined || key.startsWith('-') || !isStatic(key)) return;
  const dot = key.lastIndexOf('.');
  if (dot <= 0) return;
  const path = resolve(command.cwd, '.git/config');
  const line = `[${key.slice(0, dot).toLowerCase()}]\n\t${key.slice(dot + 1).toLowerCase()} = ${value}\n`;
  const before = scope.files.get(path);
  scope.files.set(path, {
    downloaded: before?.downloaded ?? false,
    ...(before?.text !== undefined ? { text: before.text + line } : {}),
    appended: (before?.appended ?? '') + line,
  });
}

/**
 * The work tree a repository's configuration written earlier in the same command names
 * (`core.worktree`, relative to the `.git` folder), as an absolute path when known.
 */
export function configuredWorkTree(command: SimpleCommand): string | undefined {
  if (command.cwd === undefined) return undefined;
  const gitDir = resolve(command.cwd, '.git');
  const file = command.files?.get(resolve(gitDir, 'config'));
  const text = file?.appended ?? file?.text;
  if (text === undefined) return undefined;
  let section = '';
  let found: string | undefined;
  for (const line of text.split('\n')) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) section = header[1]!.trim().toLowerCase();
    const entry = /^\s*worktree\s*=\s*(.*?)\s*$/i.exec(line);
    if (entry && section === 'core') found = entry[1]!.replace(/^"(.*)"$/, '$1');
  }
  return found === undefined ? undefined : resolve(gitDir, found);
}
