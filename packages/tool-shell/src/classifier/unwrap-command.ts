import { programName } from './command-extractor';
import { DYNAMIC } from './shell-word';

/** A command with its wrappers (`sudo`, `env`, `nice`, `xargs`, ...) taken off. */
export interface UnwrappedCommand {
  /** The words of the command that really runs. */
  readonly words: readonly string[];
  /** The wrappers, outermost first (`sudo`, `env`). */
  readonly wrappers: readonly string[];
  /** True for `command -v`/`-V` and the like, which only look a program up. */
  readonly lookupOnly: boolean;
}

/** Options that take a value, per wrapper (the value is the next word unless attached). */
const optionsWithValue: Record<string, readonly string[]> = {
  sudo: [
    '-u',
    '-g',
    '-h',
    '-p',
    '-C',
    '-D',
    '-r',
    '-t',
    '-U',
    '-T',
    '--user',
    '--group',
    '--host',
    '--prompt',
    '--chdir',
  ],
  doas: ['-u', '-C'],
  env: ['-u', '-C', '-S', '--unset', '--chdir', '--split-string'],
  exec: ['-a'],
  nice: ['-n', '--adjustment'],
  ionice: ['-c', '-n', '-p', '-P', '-u', '--class', '--classdata'],
  timeout: ['-s', '-k', '--signal', '--kill-after'],
  stdbuf: ['-i', '-o', '-e', '--input', '--output', '--error'],
  xargs: [
    '-I',
    '-n',
    '-P',
    '-L',
    '-s',
    '-d',
    '-E',
    '-a',
    '--max-args',
    '--max-procs',
    '--delimiter',
    '--arg-file',
    '--replace',
  ],
  taskset: [],
  chrt: [],
  watch: ['-n', '-d', '--interval'],
  setsid: [],
  nohup: [],
  time: ['-f', '-o', '--format', '--output'],
  builtin: [],
  command: [],
  busybox: [],
  unbuffer: [],
  flock: ['-w', '-E', '--timeout', '--conflict-exit-code'],
  strace: ['-e', '-o', '-p', '-s', '-u'],
};

/** Wrappers that take one positional argument before the command (a duration, a mask, a lock file). */
const positionalBeforeCommand: Record<string, number> = {
  timeout: 1,
  taskset: 1,
  chrt: 1,
  flock: 1,
};

/**
 * Takes off the wrappers that run another command (`sudo -u root`, `env A=1`, `command`,
 * `builtin`, `exec`, `nice -n 19`, `nohup`, `timeout 5`, `xargs -I{}`, `busybox`, `stdbuf`,
 * `setsid`, `time`, ...), skipping each one's own options, and reports which were there.
 */
export function unwrapCommand(input: readonly string[]): UnwrappedCommand {
  let words = [...input];
  const wrappers: string[] = [];
  for (let round = 0; round < 16 && words.length > 0; round++) {
    const name = programName(words[0]);
    if (!(name in optionsWithValue)) break;
    if (name === 'command' && (words[1] === '-v' || words[1] === '-V'))
      return { words: [], wrappers, lookupOnly: true };
    wrappers.push(name);
    let index = 1;
    let replace: string | undefined;
    if (name === 'xargs' && words.some((word) => word === '-i' || word.startsWith('--replace')))
      replace = '{}';
    while (index < words.length) {
      const word = words[index]!;
      if (word === '--') {
        index++;
        break;
      }
      if (name === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
        index++;
        continue;
      }
      if (!word.startsWith('-') || word === '-') break;
      const takesValue = optionsWithValue[name]!.some((option) => word === option);
      if (name === 'xargs' && word.startsWith('-I'))
        replace = word.length > 2 ? word.slice(2) : words[index + 1];
      if (name === 'env' && (word === '-S' || word === '--split-string')) {
        words = [
          ...words.slice(0, index),
          ...(words[index + 1] ?? '').split(/\s+/).filter(Boolean),
          ...words.slice(index + 2),
        ];
        continue;
      }
      index += takesValue ? 2 : 1;
      if (name === 'nice' && /^-\d+$/.test(word)) continue;
    }
    index += positionalBeforeCommand[name] ?? 0;
    let rest = words.slice(index);
    if (name === 'xargs') {
      rest =
        replace !== undefined
          ? rest.map((word) => word.split(replace!).join(DYNAMIC))
          : [...rest, DYNAMIC];
      if (rest.length === 1) rest = ['echo', DYNAMIC];
    }
    if (name === 'busybox' && rest.length === 0) break;
    words = rest;
  }
  return { words, wrappers, lookupOnly: false };
}
