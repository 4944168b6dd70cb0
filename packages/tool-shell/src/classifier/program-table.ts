import { interpreterPayloads } from './interpreter-table';
import { hasOption, type OptionSpec, optionValues, parseOptions } from './option-parser';
import { DYNAMIC } from './shell-word';
import { splitShellWords } from './split-words';

/** What a program runs besides itself. */
export type Payload =
  /** Another command, as argv (`sudo rm -rf /` runs `rm -rf /`). */
  | { readonly kind: 'command'; readonly words: readonly string[] }
  /** Shell code (`bash -c CODE`, `eval`, `ssh host CODE`), with `$0 $1 ...` when given. */
  | { readonly kind: 'script'; readonly text: string; readonly args?: readonly string[] }
  /** A shell reading its script from standard input (`curl ... | sh`, `at now`). */
  | { readonly kind: 'stdin-script' }
  /** A shell running a script file (`bash x.sh`, `source x.sh`, `at -f x.sh`). */
  | { readonly kind: 'script-file'; readonly path: string }
  /** Another language's code: inline (`python -c`), from standard input, or from a file. */
  | {
      readonly kind: 'code';
      readonly language: string;
      readonly source: 'inline' | 'stdin' | 'file';
      readonly path?: string;
    };

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
  setsid: {},
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
  return program in wrappers || program === 'xargs' || program === 'parallel';
}

/**
 * The one table of programs that run code given to them, and which argument or input they run:
 * wrappers (`sudo`, `env -S`, `nice`, `timeout`, `chroot`, `flock`, `xargs`, `parallel`, ...),
 * shells (`-c`, `-s`, a script file, standard input), `eval`, `source`, `trap`, `alias`, `at`,
 * `watch`, `script -c`, `su -c`, `runuser`, `ssh host CODE`, `hyperfine`, git (`rebase --exec`,
 * `submodule foreach`, `bisect run`, `filter-branch`), `npx -c`, and every scripting language
 * ({@link interpreterPayloads}).
 */
export function payloadsOf(program: string, args: readonly string[]): Payload[] {
  const wrapper = wrappers[program];
  if (wrapper) return wrap(program, args, wrapper);
  switch (program) {
    case 'eval':
      return args.length ? [{ kind: 'script', text: args.join(' ') }] : [];
    case 'source':
    case '.':
      return args[0] === undefined ? [] : [{ kind: 'script-file', path: args[0] }];
    case 'trap': {
      const action = args[0] === '--' ? args[1] : args[0];
      return action && !/^-[lp]?$/.test(action) && args.length > 1
        ? [{ kind: 'script', text: action }]
        : [];
    }
    case 'alias':
      return args.flatMap((arg) =>
        /^[^=]+=/.test(arg) ? [{ kind: 'script' as const, text: arg.replace(/^[^=]+=/, '') }] : [],
      );
    case 'mapfile':
    case 'readarray': {
      const parsed = parseOptions(args, { shortWithValue: 'dnOsuCc' });
      return optionValues(parsed, 'C').map((text) => ({
        kind: 'script' as const,
        text: `${text} 0 ${DYNAMIC}`,
      }));
    }
    case 'xargs':
      return xargs(args);
    case 'parallel':
      return parallel(args);
    case 'at':
    case 'batch': {
      const parsed = parseOptions(args, { shortWithValue: 'qftT' });
      if (hasOption(parsed, 'l', 'r', 'd', 'c')) return [];
      const file = optionValues(parsed, 'f')[0];
      return [file ? { kind: 'script-file', path: file } : { kind: 'stdin-script' }];
    }
    case 'watch': {
      const parsed = parseOptions(args, {
        shortWithValue: 'nq',
        longWithValue: ['interval', 'equexit'],
        stopAtOperand: true,
      });
      const rest = args.slice(parsed.rest);
      if (rest.length === 0) return [];
      return hasOption(parsed, 'x', 'exec')
        ? [{ kind: 'command', words: rest }]
        : [{ kind: 'script', text: rest.join(' ') }];
    }
    case 'script': {
      const parsed = parseOptions(args, {
        shortWithValue: 'cTIOBEom',
        longWithValue: [
          'command',
          'log-timing',
          'log-in',
          'log-out',
          'log-io',
          'echo',
          'output-limit',
          'logging-format',
        ],
      });
      return optionValues(parsed, 'c', 'command').map((text) => ({
        kind: 'script' as const,
        text,
      }));
    }
    case 'su':
    case 'runuser':
    case 'sg':
      return switchUser(program, args);
    case 'flock':
      return flock(args);
    case 'ssh':
      return ssh(args);
    case 'hyperfine':
      return hyperfine(args);
    case 'git':
      return git(args);
    case 'npx':
    case 'bunx':
    case 'pnpx':
      return packageRunner(args);
    case 'npm':
    case 'pnpm':
    case 'yarn':
      return args[0] === 'exec' || args[0] === 'dlx' || args[0] === 'x'
        ? packageRunner(args.slice(1))
        : [];
    default:
      return interpreterPayloads(program, args);
  }
}

function wrap(program: string, args: readonly string[], spec: WrapperSpec): Payload[] {
  const parsed = parseOptions(args, { ...spec, stopAtOperand: true });
  let rest = args.slice(parsed.rest);
  if (program === 'env') {
    for (let index = 0; index < rest.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[index]!); )
      rest = rest.slice(1);
    const split = optionValues(parsed, 'S', 'split-string');
    if (split.length) rest = [...split.flatMap(splitShellWords), ...rest];
  }
  if (program === 'command' && hasOption(parsed, 'v', 'V')) return [];
  if (program === 'chrt' && hasOption(parsed, 'p')) return [];
  if (program === 'taskset' && hasOption(parsed, 'p')) return [];
  rest = rest.slice(spec.positional ?? 0);
  if (rest.length === 0) return program === 'chroot' ? [{ kind: 'stdin-script' }] : [];
  if ((program === 'sudo' || program === 'doas') && hasOption(parsed, 'e', 'l', 'v', 'k', 'K'))
    return [];
  return [{ kind: 'command', words: rest }];
}

function xargs(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'adEILnPs',
    longWithValue: [
      'arg-file',
      'delimiter',
      'eof',
      'replace',
      'max-lines',
      'max-args',
      'max-procs',
      'max-chars',
      'process-slot-var',
    ],
    stopAtOperand: true,
  });
  const rest = args.slice(parsed.rest);
  const replace =
    optionValues(parsed, 'I', 'replace')[0] ?? (hasOption(parsed, 'i') ? '{}' : undefined);
  if (rest.length === 0) return [];
  const words =
    replace !== undefined
      ? rest.map((word) => word.split(replace).join(DYNAMIC))
      : [...rest, DYNAMIC];
  return [{ kind: 'command', words }];
}

function parallel(args: readonly string[]): Payload[] {
  const separator = args.findIndex((arg) => /^::::?\+?$/.test(arg));
  const head = separator === -1 ? args : args.slice(0, separator);
  const parsed = parseOptions(head, {
    shortWithValue: 'jSadInNX',
    longWithValue: [
      'jobs',
      'arg-file',
      'delimiter',
      'colsep',
      'env',
      'joblog',
      'results',
      'timeout',
      'retries',
      'tmpdir',
      'workdir',
      'sshlogin',
    ],
    stopAtOperand: true,
  });
  const template = head.slice(parsed.rest).join(' ');
  if (!template) return [];
  const inputs =
    separator === -1 || args[separator]!.startsWith('::::')
      ? [DYNAMIC]
      : args.slice(separator + 1).filter((arg) => !/^::::?\+?$/.test(arg));
  return inputs.slice(0, 16).map((input) => ({
    kind: 'script' as const,
    text: /\{[^}]*\}/.test(template)
      ? template.replace(/\{[^}]*\}/g, input)
      : `${template} ${input}`,
  }));
}

function switchUser(program: string, args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: program === 'runuser' ? 'cusgGw' : 'csgGw',
    longWithValue: [
      'command',
      'session-command',
      'shell',
      'group',
      'supp-group',
      'user',
      'whitelist-environment',
    ],
    stopAtOperand: program === 'runuser',
  });
  const scripts = optionValues(parsed, 'c', 'command', 'session-command');
  if (scripts.length) return scripts.map((text) => ({ kind: 'script' as const, text }));
  if (program === 'runuser' && hasOption(parsed, 'u', 'user')) {
    const rest = args.slice(parsed.rest);
    return rest.length ? [{ kind: 'command', words: rest }] : [];
  }
  if (program === 'sg' && parsed.operands.length > 1)
    return [{ kind: 'script', text: parsed.operands.slice(1).join(' ') }];
  return [];
}

function flock(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'wEc',
    longWithValue: ['timeout', 'conflict-exit-code', 'command'],
    stopAtOperand: true,
  });
  const scripts = optionValues(parsed, 'c', 'command');
  const rest = args.slice(parsed.rest + 1);
  const after = parseOptions(rest, {
    shortWithValue: 'wEc',
    longWithValue: ['timeout', 'conflict-exit-code', 'command'],
    stopAtOperand: true,
  });
  scripts.push(...optionValues(after, 'c', 'command'));
  if (scripts.length) return scripts.map((text) => ({ kind: 'script' as const, text }));
  const command = rest.slice(after.rest);
  return command.length ? [{ kind: 'command', words: command }] : [];
}

function ssh(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'BbcDEeFIiJLlmOopQRSWw',
    stopAtOperand: true,
  });
  const remote = args.slice(parsed.rest + 1);
  return remote.length ? [{ kind: 'script', text: remote.join(' ') }] : [];
}

function hyperfine(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'wrmMpcsSLPDunNi',
    longWithValue: [
      'warmup',
      'runs',
      'min-runs',
      'max-runs',
      'prepare',
      'cleanup',
      'setup',
      'conclude',
      'shell',
      'parameter-list',
      'parameter-scan',
      'parameter-step-size',
      'time-unit',
      'export-asciidoc',
      'export-csv',
      'export-json',
      'export-markdown',
      'export-orgmode',
      'command-name',
      'output',
      'input',
      'style',
      'sort',
    ],
  });
  const texts = [
    ...optionValues(parsed, 'p', 'prepare', 'c', 'cleanup', 's', 'setup', 'conclude'),
    ...parsed.operands,
  ];
  return texts.map((text) => ({ kind: 'script' as const, text }));
}

function git(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'Cc',
    longWithValue: [
      'git-dir',
      'work-tree',
      'namespace',
      'exec-path',
      'config-env',
      'super-prefix',
      'list-cmds',
      'attr-source',
    ],
    stopAtOperand: true,
  });
  const [subcommand, ...rest] = args.slice(parsed.rest);
  switch (subcommand) {
    case 'rebase': {
      const options = parseOptions(rest, {
        shortWithValue: 'xsXS',
        longWithValue: [
          'exec',
          'onto',
          'strategy',
          'strategy-option',
          'gpg-sign',
          'whitespace',
          'empty',
          'rebase-merges',
        ],
      });
      return optionValues(options, 'x', 'exec').map((text) => ({ kind: 'script' as const, text }));
    }
    case 'submodule': {
      const index = rest.indexOf('foreach');
      if (index === -1) return [];
      const command = rest
        .slice(index + 1)
        .filter(
          (word, position, list) =>
            !(
              word.startsWith('--') && list.slice(0, position).every((item) => item.startsWith('-'))
            ),
        );
      return command.length ? [{ kind: 'script', text: command.join(' ') }] : [];
    }
    case 'bisect':
      return rest[0] === 'run' && rest.length > 1
        ? [{ kind: 'command', words: rest.slice(1) }]
        : [];
    case 'filter-branch': {
      const options = parseOptions(rest, {
        longWithValue: [
          'env-filter',
          'tree-filter',
          'index-filter',
          'parent-filter',
          'msg-filter',
          'commit-filter',
          'tag-name-filter',
          'subdirectory-filter',
          'setup',
          'original',
          'state-branch',
        ],
      });
      return optionValues(
        options,
        'env-filter',
        'tree-filter',
        'index-filter',
        'parent-filter',
        'msg-filter',
        'commit-filter',
        'tag-name-filter',
        'setup',
      ).map((text) => ({ kind: 'script' as const, text }));
    }
    case 'difftool':
    case 'mergetool': {
      const options = parseOptions(rest, {
        shortWithValue: 'xt',
        longWithValue: ['extcmd', 'tool'],
      });
      return optionValues(options, 'x', 'extcmd').map((text) => ({
        kind: 'script' as const,
        text,
      }));
    }
    default:
      return [];
  }
}

function packageRunner(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'cp',
    longWithValue: ['call', 'package', 'workspace', 'prefix'],
    stopAtOperand: true,
  });
  const scripts = optionValues(parsed, 'c', 'call');
  if (scripts.length) return scripts.map((text) => ({ kind: 'script' as const, text }));
  return [];
}
