import { parallel, xargs } from './input-commands';
import { hasOption, type OptionSpec, optionValues, parseOptions } from './option-parser';
import { ownEntry } from './own-entry';
import type { Payload } from './payload';
import { splitShellWords } from './split-words';

/** A wrapper that runs its operands as a command, with its own options skipped. */
interface WrapperSpec extends OptionSpec {
  /** Operands the wrapper itself takes before the command (a duration, a lock file). */
  readonly positional?: number;
}

const wrappers: Record<string, WrapperSpec> = {
  sudo: {
    shortWithValue: 'ughpCDrtUTR',
    longWithValue: [
      'user',
      'group',
      'host',
      'prompt',
      'chdir',
      'role',
      'type',
      'other-user',
      'close-from',
      'command-timeout',
      'chroot',
    ],
  },
  doas: { shortWithValue: 'uC' },
  run0: {
    shortWithValue: 'ugD',
    longWithValue: [
      'user',
      'group',
      'chdir',
      'nice',
      'setenv',
      'unit',
      'property',
      'description',
      'slice',
      'machine',
      'background',
    ],
  },
  pkexec: { longWithValue: ['user'] },
  env: {
    shortWithValue: 'uCS',
    longWithValue: [
      'unset',
      'chdir',
      'split-string',
      'block-signal',
      'default-signal',
      'ignore-signal',
    ],
  },
  nice: { shortWithValue: 'n', longWithValue: ['adjustment'] },
  nohup: {},
  setpriv: {
    longWithValue: [
      'reuid',
      'regid',
      'groups',
      'inh-caps',
      'ambient-caps',
      'bounding-set',
      'securebits',
      'pdeathsig',
      'selinux-label',
      'apparmor-profile',
      'landlock-access',
      'landlock-rule',
      'ruid',
      'euid',
      'rgid',
      'egid',
    ],
  },
  setsid: {},
  'su-exec': { positional: 1 },
  gosu: { positional: 1 },
  setuidgid: { positional: 1 },
  's6-setuidgid': { positional: 1 },
  's6-applyuidgid': { shortWithValue: 'ugGU' },
  chpst: { shortWithValue: 'ugUenlmdofcpr' },
  screen: { shortWithValue: 'ScehpTtsX' },
  'byobu-screen': { shortWithValue: 'ScehpTtsX' },
  abduco: { shortWithValue: 'e' },
  time: { shortWithValue: 'fo', longWithValue: ['format', 'output'] },
  command: { shortWithValue: '' },
  builtin: {},
  exec: { shortWithValue: 'a' },
  coproc: {},
  stdbuf: { shortWithValue: 'ioe', longWithValue: ['input', 'output', 'error'] },
  timeout: { shortWithValue: 'sk', longWithValue: ['signal', 'kill-after'], positional: 1 },
  taskset: { positional: 1 },
  chrt: { shortWithValue: 'TPD', positional: 1 },
  ionice: { shortWithValue: 'cnpPu', longWithValue: ['class', 'classdata'] },
  unbuffer: {},
  firejail: {},
  proxychains: { shortWithValue: 'f' },
  proxychains4: { shortWithValue: 'f' },
  torsocks: { shortWithValue: 'uPa' },
  fakeroot: { shortWithValue: 'lsib', longWithValue: ['lib', 'faked'] },
  chroot: { longWithValue: ['userspec', 'groups'], positional: 1 },
  nsenter: { shortWithValue: 'tSGwr', longWithValue: ['target', 'setuid', 'setgid', 'wd', 'root'] },
  unshare: {
    shortWithValue: 'S',
    longWithValue: ['setuid', 'setgid', 'map-user', 'map-group', 'wd', 'root'],
  },
  'systemd-run': {
    shortWithValue: 'pEMH',
    longWithValue: [
      'unit',
      'property',
      'description',
      'slice',
      'setenv',
      'uid',
      'gid',
      'nice',
      'working-directory',
      'machine',
      'host',
      'on-calendar',
    ],
  },
  'xvfb-run': {
    shortWithValue: 'nsfe',
    longWithValue: ['server-num', 'server-args', 'auth-file', 'error-file'],
  },
  strace: { shortWithValue: 'oepsuEIXPa' },
  ltrace: { shortWithValue: 'oepsuEn' },
  valgrind: {},
  caffeinate: { shortWithValue: 'tw' },
  'flatpak-spawn': {},
  catchsegv: {},
  busybox: {},
  toybox: {},
};

/** Whether a program only wraps another command (its arguments are that command's). */
export function isWrapper(program: string): boolean {
  return Object.hasOwn(wrappers, program) || program === 'xargs' || program === 'parallel';
}

/** The command a wrapper runs (`sudo -u x CMD`, `env -S '...'`, `xargs CMD`, `parallel CMD ::: ...`). */
export function wrapperPayloads(
  program: string,
  args: readonly string[],
  input?: string,
): Payload[] | undefined {
  const wrapper = ownEntry(wrappers, program);
  if (wrapper) return wrap(program, args, wrapper);
  if (program === 'xargs') return xargs(args, input);
  if (program === 'parallel') return parallel(args, input);
  return undefined;
}

/**
 * GNU env's `-S STRING`: the string is split into words that take its place, followed by the
 * arguments after it, and env parses the options again from the start of that new list; so
 * `env -S rm -rf /` runs `rm -rf /` (the words after `rm` are rm's). Undefined without `-S`.
 */
function envSplitString(
  args: readonly string[],
): { before: string[]; text: string; after: string[] } | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--' || !arg.startsWith('-') || arg === '-') return undefined;
    const long =
      /^--s(?:p(?:l(?:i(?:t(?:-(?:s(?:t(?:r(?:i(?:n(?:g)?)?)?)?)?)?)?)?)?)?)?(?:=([\s\S]*))?$/.exec(
        arg,
      );
    if (long)
      return long[1] !== undefined
        ? { before: args.slice(0, index), text: long[1], after: args.slice(index + 1) }
        : {
            before: args.slice(0, index),
            text: args[index + 1] ?? '',
            after: args.slice(index + 2),
          };
    if (arg.startsWith('--')) {
      if (/^--(u|un|uns|unse|unset|c|ch|chd|chdi|chdir)$/.test(arg)) index++;
      continue;
    }
    for (let at = 1; at < arg.length; at++) {
      const letter = arg[at]!;
      if (letter === 'S') {
        const attached = arg.slice(at + 1);
        const before = [...args.slice(0, index), ...(at > 1 ? [arg.slice(0, at)] : [])];
        return attached
          ? { before, text: attached, after: args.slice(index + 1) }
          : { before, text: args[index + 1] ?? '', after: args.slice(index + 2) };
      }
      if (/[uCa]/.test(letter)) {
        if (at === arg.length - 1) index++;
        break;
      }
    }
  }
  return undefined;
}

function wrap(program: string, args: readonly string[], spec: WrapperSpec, depth = 0): Payload[] {
  const split = program === 'env' && depth < 4 ? envSplitString(args) : undefined;
  // env -S expands `${NAME}` itself, from its environment: judged as the shell would.
  if (split && /\$\{\w+\}/.test(split.text))
    return [
      {
        kind: 'script',
        text: [
          'env',
          ...split.before.map(quoteWord),
          split.text.replace(/\$\{(\w+)\}/g, (_match, name: string) => `"\${${name}}"`),
          ...split.after.map(quoteWord),
        ].join(' '),
      },
    ];
  if (split)
    return wrap(
      program,
      [...split.before, ...splitShellWords(split.text), ...split.after],
      spec,
      depth + 1,
    );
  const parsed = parseOptions(args, { ...spec, stopAtOperand: true });
  let rest = args.slice(parsed.rest);
  if (program === 'env') {
    for (let index = 0; index < rest.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[index]!); )
      rest = rest.slice(1);
  }
  if (program === 'command' && hasOption(parsed, 'v', 'V')) return [];
  if (program === 'chrt' && hasOption(parsed, 'p')) return [];
  if (program === 'taskset' && hasOption(parsed, 'p')) return [];
  rest = rest.slice(spec.positional ?? 0);
  // `sudo -i`, `sudo -s` (and a chroot) without a command run a shell reading its input.
  const shell =
    program === 'chroot' ||
    ((program === 'sudo' || program === 'doas') && hasOption(parsed, 'i', 's', 'login', 'shell'));
  if (rest.length === 0) return shell ? [{ kind: 'stdin-script' }] : [];
  if ((program === 'sudo' || program === 'doas') && hasOption(parsed, 'e', 'l', 'v', 'k', 'K'))
    return [];
  const folderOptions: Record<string, string[]> = {
    env: ['C', 'chdir'],
    sudo: ['D', 'chdir'],
    run0: ['D', 'chdir'],
    nsenter: ['w', 'wd'],
    'systemd-run': ['working-directory'],
  };
  const folder = optionValues(parsed, ...(ownEntry(folderOptions, program) ?? []))[0];
  return [{ kind: 'command', words: rest, ...(folder !== undefined ? { cwd: folder } : {}) }];
}

function quoteWord(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
