import type { Payload } from './payload';
import { DYNAMIC } from './shell-word';

/**
 * `capsh [OPTIONS] -- ARGS`: after `--`, capsh runs `/bin/bash ARGS` (or the `--shell=PATH`
 * program), so `capsh -- -c CODE` runs CODE; `capsh == ARGS` runs capsh itself again with ARGS.
 */
export function capshPayloads(args: readonly string[]): Payload[] {
  let shell = '/bin/bash';
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const chosen = /^--shell=(.+)$/s.exec(arg);
    if (chosen) shell = chosen[1]!;
    if (arg === '--') return [{ kind: 'command', words: [shell, ...args.slice(index + 1)] }];
    if (arg === '==') return [{ kind: 'command', words: ['capsh', ...args.slice(index + 1)] }];
  }
  return [];
}

/** fd's options that take a value (the next word when not attached). */
const fdValued =
  /^(-[etdESocj]|--(extension|type|max-depth|min-depth|exact-depth|exclude|size|changed-within|changed-before|change-newer-than|change-older-than|newer|older|owner|threads|base-directory|path-separator|color|max-results|batch-size|ignore-file|search-path|format|and|max-buffer-time))$/;

/** fd's placeholders for a found path (`{}`, `{/}`, `{//}`, `{.}`, `{/.}`). */
const placeholder = /\{(\/\/|\/\.|\/|\.)?\}/g;

/**
 * `fd PATTERN [PATH...] -x|-X CMD ARGS... [;]` (also `--exec`, `--exec-batch`): CMD runs on the
 * paths found under each search folder (`.` by default; `--search-path` adds folders); a found
 * path is `<folder>/…`, put where the placeholders are, or appended when there is none
 * (`fd . / -X rm -rf` deletes what is under `/`).
 */
export function fdPayloads(args: readonly string[]): Payload[] {
  const operands: string[] = [];
  const searchPaths: string[] = [];
  const commands: string[][] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (/^(-x|-X|--exec|--exec-batch)$/.test(arg)) {
      const end = args.indexOf(';', index + 1);
      const words = args.slice(index + 1, end === -1 ? undefined : end);
      if (words.length) commands.push(words);
      if (end === -1) break;
      index = end;
      continue;
    }
    const attached = /^--search-path=(.+)$/s.exec(arg);
    if (attached) searchPaths.push(attached[1]!);
    else if (arg === '--search-path') searchPaths.push(args[++index] ?? DYNAMIC);
    else if (fdValued.test(arg)) index++;
    else if (!arg.startsWith('-') || arg === '-') operands.push(arg);
  }
  if (commands.length === 0) return [];
  const folders = [...operands.slice(1), ...searchPaths];
  const found = (folders.length ? folders : ['.']).map(
    (folder) => `${folder.replace(/\/+$/, '')}/${DYNAMIC}`,
  );
  return commands.flatMap((words) =>
    found.map((path) => ({
      kind: 'command' as const,
      words: words.some((word) => /\{(\/\/|\/\.|\/|\.)?\}/.test(word))
        ? words.map((word) => word.replace(placeholder, path))
        : [...words, path],
    })),
  );
}
