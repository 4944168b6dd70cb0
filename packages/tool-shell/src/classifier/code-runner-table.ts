import { hasOption, optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';
import { remoteRunners } from './remote-runners';

/**
 * Scripting languages the main interpreter table does not know, and how each is told what to
 * run: the options whose value is code, the options that take another value, and whether the
 * first operand is a script file. TeX engines run shell commands only with `-shell-escape`.
 */
const languages: [
  RegExp,
  { language: string; code: string[]; valued?: string[]; gate?: RegExp; files?: false },
][] = [
  [
    /^(octave|octave-cli|matlab)$/,
    { language: 'Octave', code: ['eval', 'r', 'batch'], valued: ['p', 'path'] },
  ],
  [/^R$/, { language: 'R', code: ['e'], valued: ['f', 'file', 'encoding', 'args'] }],
  [/^(raku|rakudo|perl6)$/, { language: 'Raku', code: ['e'], valued: ['I', 'M'] }],
  [
    /^(ipython[0-9.]*|jupyter-console)$/,
    { language: 'IPython', code: ['c'], valued: ['m', 'profile'] },
  ],
  [/^gnuplot$/, { language: 'gnuplot', code: ['e'], valued: ['d', 'default-settings'] }],
  // latexmk's `-e` is Perl code; its operands are TeX files it builds.
  [
    /^latexmk$/,
    { language: 'Perl', code: ['e'], valued: ['r', 'jobname', 'outdir', 'auxdir'], files: false },
  ],
  [/^(bc)$/, { language: 'bc', code: ['e', 'expression'], valued: ['f', 'file'] }],
  [
    /^(gdb|cgdb|gdb-multiarch)$/,
    {
      language: 'gdb',
      code: ['ex', 'eval-command', 'iex', 'init-eval-command'],
      valued: [
        'p',
        'pid',
        'x',
        'command',
        'ix',
        'cd',
        'd',
        'directory',
        's',
        'symbols',
        'c',
        'core',
      ],
    },
  ],
  [
    /^lldb$/,
    {
      language: 'lldb',
      code: ['o', 'one-line', 'O', 'one-line-before-file', 'k'],
      valued: ['p', 'attach-pid', 's', 'source', 'n', 'attach-name'],
    },
  ],
  [
    /^(pdf|lua|xe|)(la)?tex$|^(context|pdftex|luatex|xetex)$/,
    {
      language: 'TeX',
      code: [],
      valued: ['output-directory', 'jobname', 'interaction'],
      gate: /^--?(shell-escape|enable-write18)$/,
    },
  ],
  // REPLs that read their code from standard input when given no script.
  [/^(irb|pry)$/, { language: 'Ruby', code: ['e'], valued: ['r', 'I', 'require'] }],
  [
    /^jshell$/,
    {
      language: 'Java',
      code: [],
      valued: [
        'class-path',
        'classpath',
        'cp',
        'module-path',
        'add-modules',
        'startup',
        'feedback',
      ],
    },
  ],
  [/^(ghc|ghci|runghc|runhaskell)$/, { language: 'Haskell', code: ['e'], files: false }],
];

/** Code of such a language given to it inline, or its script file; undefined when not one. */
function languagePayloads(program: string, args: readonly string[]): Payload[] | undefined {
  const entry = languages.find(([pattern]) => pattern.test(program));
  if (!entry) return undefined;
  const { language, code, valued = [], gate, files } = entry[1];
  if (gate && !args.some((arg) => gate.test(arg))) return [];
  const inline: string[] = [];
  let script: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [, name = '', attached] = /^--?([A-Za-z][\w-]*)(?:=([\s\S]*))?$/.exec(arg) ?? [];
    if (name && code.includes(name)) inline.push(attached ?? args[++index] ?? '');
    else if (name && valued.includes(name) && attached === undefined) index++;
    else if (/^-[a-zA-Z]{2,}$/.test(arg) && code.includes(arg[1]!)) inline.push(arg.slice(2));
    else if (!arg.startsWith('-') && script === undefined) script = arg;
  }
  // A TeX operand starting with a backslash is TeX code, not a file name.
  if (language === 'TeX' && script?.startsWith('\\')) inline.push(script);
  // A debugger's commands are judged by their shell escapes, unless they call functions of the
  // program it runs or attaches to (`call system(...)`), which is code run inside that process.
  const debugger_ = language === 'gdb' || language === 'lldb';
  const calls = inline.some((text) => /\b(call|print|p|expr|expression)\b[^\n]*\(/.test(text));
  if (inline.length)
    return [
      {
        kind: 'code',
        language,
        source: 'inline',
        code: inline.join('\n'),
        args: [],
        ...(debugger_ && !calls ? { escapesOnly: true } : {}),
      },
    ];
  if (debugger_ || language === 'bc' || files === false) return [];
  return script === undefined
    ? [{ kind: 'code', language, source: 'stdin' }]
    : [{ kind: 'code', language, source: 'file', path: script }];
}

/** Text typed into a terminal, as the shell there reads it (`\r` and tmux's `Enter` end a line). */
function typed(words: readonly string[], keyNames: boolean): Payload[] {
  const text = words
    .map((word) => (keyNames && /^(Enter|C-m|C-j|KPEnter)$/.test(word) ? '\n' : word))
    .join(keyNames ? '' : ' ')
    .replace(/\r/g, '\n');
  return text.trim() ? [{ kind: 'script', text }] : [];
}

/** Operands after the given options (values skipped). */
function after(args: readonly string[], shortWithValue: string, longWithValue: string[] = []) {
  const parsed = parseOptions(args, { shortWithValue, longWithValue, stopAtOperand: true });
  return { parsed, rest: args.slice(parsed.rest) };
}

/**
 * The one table of programs, besides shells, wrappers and the main interpreters, that run code
 * given to them: file watchers and task runners (`nodemon --exec`, `entr`, `concurrently`,
 * `watchexec`, `chokidar -c`, `onchange --`, `reflex --`, `watchman-make --run`), keystroke
 * injection into a terminal (`kitty @ send-text`, `wezterm cli send-text`, `xdotool type`,
 * `tmux send-keys`, `screen -X stuff`), debuggers (`gdb -ex`, `lldb -o`) and the languages of
 * {@link languages}. Undefined when the program is none of them.
 */
export function runnerPayloads(program: string, args: readonly string[]): Payload[] | undefined {
  switch (program) {
    case 'nodemon': {
      const parsed = parseOptions(args, {
        shortWithValue: 'xwieVd',
        longWithValue: ['exec', 'watch', 'ignore', 'ext', 'delay', 'signal', 'config'],
      });
      return optionValues(parsed, 'x', 'exec').map((text) => ({ kind: 'script', text }));
    }
    case 'entr': {
      const { parsed, rest } = after(args, '');
      if (!rest.length) return [];
      return hasOption(parsed, 's')
        ? [{ kind: 'script', text: rest.join(' ') }]
        : [{ kind: 'command', words: rest }];
    }
    case 'concurrently': {
      const parsed = parseOptions(args, {
        shortWithValue: 'nNcpslmtPk',
        longWithValue: [
          'names',
          'name-separator',
          'prefix',
          'prefix-colors',
          'prefix-length',
          'success',
          'max-processes',
          'restart-tries',
          'restart-after',
          'kill-signal',
          'timestamp-format',
          'handle-input',
          'default-input-target',
          'passthrough-arguments',
        ],
      });
      return parsed.operands
        .filter((text) => !/^(npm|yarn|pnpm|bun):/.test(text))
        .map((text) => ({ kind: 'script', text }));
    }
    case 'watchexec': {
      const { rest } = after(args, 'ewifdsEW', [
        'exts',
        'watch',
        'ignore',
        'filter',
        'debounce',
        'signal',
        'env',
        'shell',
        'on-busy-update',
        'project-origin',
        'workdir',
        'delay-run',
        'stop-signal',
        'stop-timeout',
        'emit-events-to',
        'filter-file',
        'ignore-file',
      ]);
      return rest.length ? [{ kind: 'script', text: rest.join(' ') }] : [];
    }
    case 'chokidar':
    case 'chokidar-cli': {
      const parsed = parseOptions(args, {
        shortWithValue: 'cdit',
        longWithValue: ['command', 'debounce', 'ignore', 'throttle', 'polling-interval'],
      });
      return optionValues(parsed, 'c', 'command').map((text) => ({ kind: 'script', text }));
    }
    case 'onchange':
    case 'reflex':
    case 'watchman-make': {
      if (program === 'watchman-make') {
        const parsed = parseOptions(args, {
          shortWithValue: 'prtgs',
          longWithValue: ['run', 'pattern', 'target', 'root', 'settle'],
        });
        return optionValues(parsed, 'r', 'run').map((text) => ({ kind: 'script', text }));
      }
      const at = args.indexOf('--');
      return at === -1 || at + 1 >= args.length
        ? []
        : [{ kind: 'script', text: args.slice(at + 1).join(' ') }];
    }
    case 'kitty':
    case 'kitten':
    case 'wezterm': {
      const at = args.indexOf('send-text');
      if (at === -1) return [];
      return typed(
        after(args.slice(at + 1), 'm', ['match', 'pane-id', 'from-file', 'match-tab', 'to']).rest,
        false,
      );
    }
    case 'xdotool': {
      const at = args.indexOf('type');
      if (at === -1) return [];
      return typed(
        after(args.slice(at + 1), '', ['delay', 'window', 'terminator', 'file', 'args']).rest,
        false,
      );
    }
    case 'screen': {
      const at = args.indexOf('stuff');
      return at === -1 ? undefined : typed(args.slice(at + 1), false);
    }
    case 'tmux': {
      const at = args.findIndex((arg) => arg === 'send-keys' || arg === 'send');
      if (at === -1) return undefined;
      return typed(
        after(args.slice(at + 1), 'tN', ['target']).rest.filter((word) => word !== ';'),
        true,
      );
    }
    default:
      return remoteRunners(program, args) ?? languagePayloads(program, args);
  }
}
