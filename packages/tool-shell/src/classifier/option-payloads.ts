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
  // `su -` without -c starts the user's shell, which reads its input (`su - <<< 'cmd'`).
  return program === 'su' ? [{ kind: 'stdin-script' }] : [];
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
  const remote = packages
    .filter((spec) =>
      /^(https?:|git\+|git:|github:|gitlab:|bitbucket:|file:)|\.(tgz|tar\.gz)$/.test(spec),
    )
    .map((source) => ({ kind: 'remote-code' as const, source }));
  // The package's program runs with the arguments (`npx rimraf ~`, `npm exec -- rm -rf /`).
  const command = args.slice(parsed.rest);
  return remote.length || command.length === 0 ? remote : [{ kind: 'command', words: command }];
}
