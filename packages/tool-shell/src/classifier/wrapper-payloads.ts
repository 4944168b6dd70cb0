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

function wrap(program: string, args: readonly string[], spec: WrapperSpec): Payload[] {
  const parsed = parseOptions(args, { ...spec, stopAtOperand: true });
  let rest = args.slice(parsed.rest);
  if (program === 'env') {
    for (let index = 0; index < rest.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[index]!); )
      rest = rest.slice(1);
    const split = optionValues(parsed, 'S', 'split-string');
    // env -S expands `${NAME}` itself, from its environment: judged as the shell would.
    if (split.some((text) => /\$\{\w+\}/.test(text)))
      return [
        {
          kind: 'script',
          text: [
            ...split.map((text) =>
              text.replace(/\$\{(\w+)\}/g, (_match, name: string) => `"\${${name}}"`),
            ),
            ...rest.map((word) => `'${word.replaceAll("'", `'\\''`)}'`),
          ].join(' '),
        },
      ];
    if (split.length) rest = [...split.flatMap(splitShellWords), ...rest];
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
