import { awkProgram } from './awk-programs';
import { runnerPayloads } from './code-runner-table';
import { environmentPayloads } from './environment-payloads';
import { execOperandPayloads } from './exec-operand-table';
import { execOptionPayloads } from './exec-option-table';
import { gitTransportPayloads } from './git-transports';
import { interpreterPayloads } from './interpreter-table';
import { capshPayloads, fdPayloads } from './launcher-payloads';
import { hasOption, optionValues, parseOptions } from './option-parser';
import { flock, git, hyperfine, packageRunner, ssh, switchUser } from './option-payloads';
import { packageScripts } from './package-scripts';
import type { Payload } from './payload';
import { shellCode } from './rules/script-sources';
import { codeInModuleOptions } from './runtime-payloads';
import { sessionPayloads } from './session-payloads';
import { DYNAMIC } from './shell-word';
import { commandOptionPayloads } from './tool-command-options';
import { wrapperPayloads } from './wrapper-payloads';

export type { Payload } from './payload';
export { isWrapper } from './wrapper-payloads';

/**
 * The one table of programs that run code given to them, and which argument or input they run:
 * wrappers (`sudo`, `env -S`, `nice`, `timeout`, `chroot`, `flock`, `xargs`, `parallel`, ...),
 * shells (`-c`, `-s`, a script file, standard input), `eval`, `source`, `trap`, `alias`, `at`,
 * `watch`, `script -c`, `su -c`, `runuser`, `ssh host CODE`, `hyperfine`, git (`rebase --exec`,
 * `submodule foreach`, `bisect run`, `filter-branch`), `npx -c`, awk's `system()` and pipes ({@link awkProgram}), and every scripting language
 * ({@link interpreterPayloads}).
 */
export function payloadsOf(
  program: string,
  args: readonly string[],
  input?: string,
  environment?: ReadonlyMap<string, readonly string[] | undefined>,
): Payload[] {
  const listed = [
    ...execOptionPayloads(program, args),
    ...execOperandPayloads(program, args),
    ...environmentPayloads(program, environment),
  ];
  const own = tablePayloads(program, args, input, environment);
  return listed.length ? [...own, ...listed] : own;
}

function tablePayloads(
  program: string,
  args: readonly string[],
  input?: string,
  environment?: ReadonlyMap<string, readonly string[] | undefined>,
): Payload[] {
  const runner = runnerPayloads(program, args);
  if (runner) return runner;
  const wrapped = wrapperPayloads(program, args, input);
  if (wrapped) return wrapped;
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
    case 'crontab': {
      if (args.some((arg) => /^-[lre]$/.test(arg))) return [];
      const parsed = parseOptions(args, { shortWithValue: 'us' });
      const file = parsed.operands.find((arg) => arg !== '-');
      return [
        file
          ? { kind: 'script-file', path: file, format: 'crontab' }
          : { kind: 'stdin-script', format: 'crontab' },
      ];
    }
    case 'make':
    case 'gmake': {
      const parsed = parseOptions(args, {
        shortWithValue: 'fCIjloE',
        longWithValue: [
          'file',
          'eval',
          'makefile',
          'directory',
          'include-dir',
          'jobs',
          'load-average',
          'old-file',
        ],
      });
      const named = optionValues(parsed, 'f', 'file', 'makefile');
      // Without -f, make reads GNUmakefile, makefile or Makefile in its folder; `-C DIR` (each
      // relative to the one before) changes to DIR before reading them.
      const folder = optionValues(parsed, 'C', 'directory').reduce(
        (path, next) => (next.startsWith('/') ? next : `${path}/${next}`),
        '.',
      );
      const files = (named.length ? named : ['GNUmakefile', 'makefile', 'Makefile']).map((file) =>
        file.startsWith('/') || file === '-' || folder === '.' ? file : `${folder}/${file}`,
      );
      return [
        ...files.map((file) =>
          file === '-' || file === '/dev/stdin'
            ? { kind: 'stdin-script' as const, format: 'makefile' as const }
            : { kind: 'script-file' as const, path: file, format: 'makefile' as const },
        ),
        ...optionValues(parsed, 'E', 'eval').map((text) => ({
          kind: 'script' as const,
          text: shellCode(text, { shell: true, format: 'makefile' }),
        })),
      ];
    }
    case 'just': {
      const parsed = parseOptions(args, {
        shortWithValue: 'fd',
        longWithValue: ['justfile', 'working-directory', 'set', 'shell', 'dotenv-path'],
      });
      const named = optionValues(parsed, 'f', 'justfile');
      return (named.length ? named : ['justfile', 'Justfile', '.justfile']).map((path) => ({
        kind: 'script-file' as const,
        path,
        format: 'justfile' as const,
      }));
    }
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
    case 'pytest':
    case 'py.test':
      // pytest imports every conftest.py on its way (the one in the folder at least).
      return [{ kind: 'code', language: 'Python', source: 'file', path: 'conftest.py' }];
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      return awkProgram(args, input, environment).payloads;
    case 'su':
    case 'runuser':
    case 'sg':
      return switchUser(program, args);
    case 'flock':
      return flock(args);
    case 'capsh':
      return capshPayloads(args);
    case 'fd':
    case 'fdfind':
      return fdPayloads(args);
    case 'ssh':
      return ssh(args);
    case 'hyperfine':
      return hyperfine(args);
    case 'git':
      return [...git(args), ...gitTransportPayloads(args), ...commandOptionPayloads(program, args)];
    case 'npx':
    case 'bunx':
    case 'pnpx':
      return packageRunner(args);
    case 'npm':
    case 'pnpm':
    case 'yarn':
      return args[0] === 'exec' || args[0] === 'dlx' || args[0] === 'x'
        ? packageRunner(args.slice(1))
        : packageScripts(args);
    default:
      return (
        sessionPayloads(program, args) ?? [
          ...commandOptionPayloads(program, args),
          ...codeInModuleOptions(program, args),
          ...interpreterPayloads(program, args, environment),
        ]
      );
  }
}
