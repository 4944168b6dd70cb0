import { basename, dirname, resolve } from 'node:path';
import { globToRegExp } from '../glob-patterns';
import type { WrittenFile } from '../shell-scope';
import type { ProcessSubstitution, SimpleCommand } from '../simple-command';
import { type Rule, warn } from './rule';

const downloaders =
  /^(curl|wget|fetch|aria2c|http|https|httpie|xh|lwp-request|GET|lynx|links|w3m)$/;

/** Whether a command, what feeds it, or a file it reads came from the network. */
export function downloads(command: SimpleCommand | undefined, depth = 0): boolean {
  if (!command || depth > 16) return false;
  if (command.words.slice(0, 4).some((word) => downloaders.test(basename(word)))) return true;
  if (
    command.substitutions?.some((item) =>
      item.commands.some((inner) => downloads(inner, depth + 1)),
    )
  )
    return true;
  const files = command.files;
  // No file written earlier in the command: no path to resolve (most commands).
  if (files?.size && command.cwd !== undefined) {
    const read = [...command.words.slice(1), command.stdin?.file ?? ''];
    if (read.some((word) => word && files.get(resolve(command.cwd!, word))?.downloaded))
      return true;
  }
  return downloads(command.stdin?.producer, depth + 1);
}

/** A file written earlier in the command, or a file inside a folder downloaded earlier (`git clone`). */
export function writtenFile(
  files: ReadonlyMap<string, WrittenFile> | undefined,
  path: string,
): WrittenFile | undefined {
  if (!files) return undefined;
  const exact = files.get(path);
  if (exact) return exact;
  for (let folder = path; folder !== dirname(folder); folder = dirname(folder)) {
    if (files.get(folder)?.downloaded) return { downloaded: true };
  }
  // Files whose names are only known when they are written (`pip download x` leaves `*.whl`).
  // A glob looked up (`./x*.whl`, a `--find-links` folder) matches such files the other way round.
  for (const [pattern, file] of files)
    if (
      (pattern.includes('*') && underPattern(globPattern(pattern), path, file)) ||
      (/[*?[]/.test(basename(path)) && globPattern(path).test(pattern))
    )
      return file;
  return undefined;
}

/** Whether a path matches a pattern, or lies inside a downloaded folder matching it. */
function underPattern(pattern: RegExp, path: string, file: WrittenFile): boolean {
  if (pattern.test(path)) return true;
  if (!file.downloaded) return false;
  for (let folder = dirname(path); folder !== dirname(folder); folder = dirname(folder))
    if (pattern.test(folder)) return true;
  return false;
}

function globPattern(glob: string): RegExp {
  // `*` does not cross a folder here: these are files in one folder.
  return new RegExp(`^(?:${globToRegExp(glob).source.replaceAll('[\\s\\S]*', '[^/]*')})$`);
}

const containerTools = /^(docker|podman|nerdctl)$/;

/** A container run with `-i` whose input is downloaded code (`docker run -i alpine sh < <(curl ...)`). */
export const containerInputRule: Rule = ({ program, args, command }) => {
  if (
    !containerTools.test(program) ||
    !args.some((arg) => /^(-[a-zA-Z]*i[a-zA-Z]*|--interactive)$/.test(arg))
  )
    return [];
  const stdin = command.stdin;
  const fromSubstitution =
    stdin?.file !== undefined &&
    command.substitutions?.some(
      (item) => item.path === stdin.file && item.commands.some((inner) => downloads(inner)),
    );
  const fromFile =
    stdin?.file !== undefined &&
    command.cwd !== undefined &&
    writtenFile(command.files, resolve(command.cwd, stdin.file))?.downloaded;
  return fromSubstitution || fromFile || downloads(stdin?.producer)
    ? [
        warn(
          'download-and-run',
          `${program} runs code downloaded from the network inside a container.`,
        ),
      ]
    : [];
};

/** A process substitution opened earlier in the command (`exec 3< <(...)`), as a substitution. */
export function registered(command: SimpleCommand, path: string): ProcessSubstitution | undefined {
  const file = command.files?.get(path);
  if (!file || !path.startsWith('/dev/fd/')) return undefined;
  return {
    path,
    commands: [],
    output: file.text,
    ...(file.downloaded
      ? {
          commands: [
            {
              words: ['curl'],
              redirects: [],
              cwd: undefined,
              processSubstitutions: [],
              background: false,
              text: 'curl',
            },
          ],
        }
      : {}),
  };
}
