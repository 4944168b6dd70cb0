import { hasOption, optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';

// Programs that run code given in an option or operand. Each function returns what it runs.

export function switchUser(program: string, args: readonly string[]): Payload[] {
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
    stopAtOperand:
      program === 'runuser' && args.some((arg) => arg === '-u' || arg.startsWith('--user')),
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

export function flock(args: readonly string[]): Payload[] {
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

export function ssh(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'BbcDEeFIiJLlmOopQRSWw',
    stopAtOperand: true,
  });
  const remote = args.slice(parsed.rest + 1);
  return remote.length ? [{ kind: 'script', text: remote.join(' ') }] : [];
}

export function hyperfine(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'wrmMpcsSLPDun',
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

export function git(args: readonly string[]): Payload[] {
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

export function packageRunner(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'cp',
    longWithValue: ['call', 'package', 'workspace', 'prefix'],
    stopAtOperand: true,
  });
  const scripts = optionValues(parsed, 'c', 'call');
  if (scripts.length) return scripts.map((text) => ({ kind: 'script' as const, text }));
  const packages = [...optionValues(parsed, 'p', 'package'), args[parsed.rest] ?? ''];
  return packages
    .filter((spec) =>
      /^(https?:|git\+|git:|github:|gitlab:|bitbucket:|file:)|\.(tgz|tar\.gz)$/.test(spec),
    )
    .map((source) => ({ kind: 'remote-code' as const, source }));
}

/** Options of ordinary tools whose value is a shell command the tool runs. */
const commandOptions: Record<string, { short?: string; long: string[]; prefix?: RegExp }> = {
  tar: {
    short: 'IF',
    long: [
      'to-command',
      'checkpoint-action',
      'use-compress-program',
      'info-script',
      'new-volume-script',
      'rsh-command',
    ],
    prefix: /^exec=/,
  },
  zip: { long: ['unzip-command'], short: '' },
  rsync: { short: 'e', long: ['rsh', 'rsync-path'] },
  man: { short: 'PH', long: ['pager', 'html'] },
  gdb: { long: ['ex', 'eval-command', 'iex', 'init-eval-command'] },
  scp: { short: 'S', long: [] },
  sftp: { short: 'S', long: [] },
  git: { long: ['upload-pack', 'receive-pack', 'exec'] },
  ssh: { long: [] },
  mutt: { long: [] },
};

/**
 * Commands given to ordinary tools in their options: `tar --to-command`, `tar
 * --checkpoint-action=exec=`, `zip -TT`, `rsync -e`, `man -P`, `gdb -ex '!...'`, `vim -c
 * '!...'`, `less +!...`, `sed`'s `e` command and `s///e` flag.
 */
export function commandOptionPayloads(program: string, args: readonly string[]): Payload[] {
  const scripts: string[] = [];
  const spec = commandOptions[program];
  if (spec) {
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      const long = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
      if (long && spec.long.includes(long[1]!)) scripts.push(long[2] ?? args[++index] ?? '');
      else if (program === 'gdb' && /^-(ex|iex)$/.test(arg)) scripts.push(args[++index] ?? '');
      else if (program === 'zip' && arg === '-TT') scripts.push(args[++index] ?? '');
      else if (
        spec.short &&
        /^-[A-Za-z]/.test(arg) &&
        !arg.startsWith('--') &&
        spec.short.includes(arg[1]!)
      )
        scripts.push(arg.length > 2 ? arg.slice(2) : (args[++index] ?? ''));
    }
  }
  if (/^(vim?|nvim|ex|view|vimdiff|gvim|less|more|most)$/.test(program)) {
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      if (arg === '-c' || arg === '--cmd') scripts.push(...editorShell(args[++index] ?? ''));
      else if (arg.startsWith('+')) scripts.push(...editorShell(arg.slice(1)));
    }
  }
  if (program === 'sed' || program === 'gsed') scripts.push(...sedCommands(args));
  return scripts
    .filter((text) => program !== 'gdb' || /^\s*(shell\b|!)/.test(text))
    .map((text) => ({
      kind: 'script' as const,
      text: program === 'gdb' ? text.replace(/^\s*(shell\b|!)\s*/, '') : text.replace(/^exec=/, ''),
    }));
}

function editorShell(command: string): string[] {
  const match = /(?:^|\|)\s*:?\s*(?:[%.$\d,]*\s*(?:r(?:ead)?|w(?:rite)?)?\s*)?!(.*)$/s.exec(
    command,
  );
  return match ? [match[1]!] : [];
}

function sedCommands(args: readonly string[]): string[] {
  const programs: string[] = [];
  let sawScript = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-e' || arg === '--expression') {
      programs.push(args[++index] ?? '');
      sawScript = true;
    } else if (arg.startsWith('--expression=')) {
      programs.push(arg.slice(13));
      sawScript = true;
    } else if (!arg.startsWith('-') && !sawScript) {
      programs.push(arg);
      sawScript = true;
    }
  }
  const commands: string[] = [];
  for (const program of programs) {
    for (const line of program.split(/\n|;/)) {
      const execute = /^\s*(?:\d+|\$|\/[^/]*\/)?\s*e\s+(.+)$/.exec(line);
      if (execute) commands.push(execute[1]!);
      const substitute =
        /^\s*(?:\d+|\$|\/[^/]*\/)?\s*s(.)((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1([a-zA-Z0-9]*)$/.exec(
          line,
        );
      if (substitute?.[4]?.includes('e')) commands.push(substitute[3]!);
    }
  }
  return commands;
}
