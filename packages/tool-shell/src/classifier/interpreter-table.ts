import { type OptionSpec, parseOptions } from './option-parser';
import type { Payload } from './payload';
import { moduleSwitchCode, perl5optSwitches } from './perl-switches';
import { jsRuntime, powershell } from './runtime-payloads';
import { toolLanguagePayloads } from './tool-languages';

/** How a scripting language is told what to run. */
interface LanguageSpec extends OptionSpec {
  readonly language: string;
  /** Short options whose value is code (`python -c`, `perl -e`, `node -e`). */
  readonly inline: string;
  /** Long options whose value is code (`--eval`, `--print`). */
  readonly inlineLong?: readonly string[];
  /** Options after which no script runs (`node --check`, `perl -c`, `python -m`, `php -l`). */
  readonly noScript?: readonly string[];
}

const languages: [RegExp, LanguageSpec][] = [
  [
    /^(python|pypy|xonsh)[0-9.]*$/,
    {
      language: 'Python',
      inline: 'c',
      shortWithValue: 'cWXm',
      noScript: ['m', 'V', 'version', 'help', 'h'],
    },
  ],
  [
    /^(node|nodejs|tsx|ts-node|ts-node-esm|esno|esr|vite-node|jiti)$/,
    {
      language: 'JavaScript',
      inline: 'ep',
      inlineLong: ['eval', 'print'],
      shortWithValue: 'epr',
      longWithValue: [
        'eval',
        'print',
        'require',
        'import',
        'loader',
        'experimental-loader',
        'input-type',
        'conditions',
        'title',
        'env-file',
        'inspect-port',
        'watch-path',
        'test-name-pattern',
      ],
      noScript: ['c', 'check', 'v', 'version', 'h', 'help', 'test', 'run'],
    },
  ],
  [
    /^(raku|perl6|rakudo)$/,
    { language: 'Raku', inline: 'e', shortWithValue: 'eIM', noScript: ['c', 'v', 'h'] },
  ],
  [
    /^ipython[0-9.]*$/,
    { language: 'Python', inline: 'c', shortWithValue: 'cm', noScript: ['m', 'V', 'version'] },
  ],
  [
    /^(octave|octave-cli)$/,
    {
      language: 'Octave',
      inline: '',
      inlineLong: ['eval'],
      longWithValue: ['eval', 'path', 'exec-path'],
      noScript: ['version', 'help'],
    },
  ],
  [/^R$/, { language: 'R', inline: 'e', shortWithValue: 'e', noScript: ['version', 'help'] }],
  [/^gnuplot$/, { language: 'gnuplot', inline: 'e', shortWithValue: 'e', noScript: ['V', 'h'] }],
  [
    /^perl[0-9.]*$/,
    { language: 'Perl', inline: 'eE', shortWithValue: 'eEIMmdx', noScript: ['c', 'v', 'V', 'h'] },
  ],
  [
    /^ruby[0-9.]*$/,
    {
      language: 'Ruby',
      inline: 'e',
      shortWithValue: 'erICEFx',
      noScript: ['c', 'v', 'version', 'h', 'help'],
    },
  ],
  [
    /^php[0-9.]*$/,
    {
      language: 'PHP',
      inline: 'rBRE',
      shortWithValue: 'rBREfFcdtSzD',
      noScript: ['l', 'v', 'h', 'i', 'm', 'S'],
    },
  ],
  [
    /^(lua[0-9.]*|luajit)$/,
    { language: 'Lua', inline: 'e', shortWithValue: 'el', noScript: ['v'] },
  ],
  [
    /^Rscript$/,
    {
      language: 'R',
      inline: 'e',
      shortWithValue: 'e',
      longWithValue: ['default-packages'],
      noScript: ['version', 'help'],
    },
  ],
  [/^osascript$/, { language: 'AppleScript', inline: 'e', shortWithValue: 'els' }],
  [
    /^(julia)$/,
    {
      language: 'Julia',
      inline: 'eE',
      shortWithValue: 'eEpJLCt',
      longWithValue: ['project', 'threads'],
      noScript: ['v', 'version', 'h', 'help'],
    },
  ],
  [
    /^(elixir|iex)$/,
    { language: 'Elixir', inline: 'e', shortWithValue: 'erS', noScript: ['v', 'version'] },
  ],
  [
    /^(groovy|scala|kotlin)$/,
    { language: 'JVM script', inline: 'e', shortWithValue: 'ecp', noScript: ['v', 'version'] },
  ],
  [
    /^(guile)$/,
    { language: 'Scheme', inline: 'c', shortWithValue: 'cLlex', noScript: ['v', 'version'] },
  ],
  [
    /^(racket)$/,
    { language: 'Racket', inline: 'e', shortWithValue: 'efrtl', noScript: ['v', 'version'] },
  ],
  [/^(expect|tclsh[0-9.]*|wish[0-9.]*)$/, { language: 'Tcl', inline: 'c', shortWithValue: 'cf' }],
  [
    /^(sbcl|clisp|ecl)$/,
    {
      language: 'Lisp',
      inline: 'x',
      inlineLong: ['eval'],
      shortWithValue: 'x',
      longWithValue: ['eval', 'load', 'script'],
    },
  ],
];

// Shells of other syntaxes (nu, tcsh, elvish, ...) run their `-c` code and scripts the same way.
const shells =
  /^(bash|sh|zsh|dash|ksh|ksh93|mksh|pdksh|oksh|ash|rbash|yash|posh|fish|nu|nushell|tcsh|csh|elvish|rc|es|ion|osh|ysh|oil|murex|xs|brush|hush|busybox-sh|loksh)$/;
const standardInput = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** Whether a program is a shell that runs shell code. */
export function isShell(program: string): boolean {
  return shells.test(program);
}

/**
 * What a shell or a scripting language runs: inline code (`-c`, `-e`, `--eval=`, attached
 * values such as `-e'...'`), a script file, or its standard input (no script, `-`, `-s`,
 * `/dev/stdin`, `/dev/fd/0`).
 */
export function interpreterPayloads(
  program: string,
  args: readonly string[],
  environment?: ReadonlyMap<string, readonly string[] | undefined>,
): Payload[] {
  // Perl runs the code of its `-M` switches, from PERL5OPT too, before its program.
  if (/^perl[0-9.]*$/.test(program)) {
    const fromEnvironment = perl5optSwitches(environment?.get('PERL5OPT')?.[0]) ?? [];
    const prelude = moduleSwitchCode([...fromEnvironment, ...args.slice(0, perlSwitchEnd(args))]);
    if (prelude.length)
      return [
        { kind: 'code', language: 'Perl', source: 'inline', code: prelude.join('\n'), args: [] },
        ...languagePayloads(program, args),
      ];
  }
  return languagePayloads(program, args);
}

/** Where perl's switches end (its first operand, or after `--`). */
function perlSwitchEnd(args: readonly string[]): number {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--' || !arg.startsWith('-')) return index;
    if (/^-[eEIMmdx]$/.test(arg)) index++;
  }
  return args.length;
}

function languagePayloads(program: string, args: readonly string[]): Payload[] {
  if (shells.test(program)) return shellPayloads(args);
  if (/^(pwsh|powershell)(\.exe)?$/i.test(program)) return powershell(args);
  if (program === 'deno' || program === 'bun') return jsRuntime(program, args);
  const tool = toolLanguagePayloads(program, args);
  if (tool) return tool;
  const entry = languages.find(([pattern]) => pattern.test(program));
  if (!entry) return [];
  const spec = entry[1];
  // node's `-pe CODE` prints the value of CODE, the next argument.
  const parsed = parseOptions(
    spec.language === 'JavaScript'
      ? args.map((arg) => (/^-(pe|ep)$/.test(arg) ? '-p' : arg))
      : args,
    { ...spec, stopAtOperand: true },
  );
  const inline = parsed.options.filter(
    (option) => spec.inline.includes(option.name) || spec.inlineLong?.includes(option.name),
  );
  if (inline.length)
    return [
      {
        kind: 'code',
        language: spec.language,
        source: 'inline',
        code: inline.map((option) => option.value ?? '').join('\n'),
        args: args.slice(parsed.rest),
      },
    ];
  // `python -m code` is the interactive interpreter: it runs its standard input.
  if (parsed.options.some((option) => option.name === 'm' && option.value === 'code'))
    return [{ kind: 'code', language: spec.language, source: 'stdin' }];
  if (parsed.options.some((option) => spec.noScript?.includes(option.name))) return [];
  const script = args[parsed.rest];
  if (script === undefined || standardInput.has(script))
    return [{ kind: 'code', language: spec.language, source: 'stdin' }];
  return [{ kind: 'code', language: spec.language, source: 'file', path: script }];
}

function shellPayloads(args: readonly string[]): Payload[] {
  const startup: Payload[] = [];
  let index = 0;
  let command = false;
  let fromInput = false;
  while (index < args.length) {
    const arg = args[index]!;
    if (arg === '--' || arg === '-') {
      index++;
      break;
    }
    if (arg === '--rcfile' || arg === '--init-file') {
      const file = args[index + 1];
      if (file !== undefined) startup.push({ kind: 'script-file', path: file });
      index += 2;
    } else if (/^--commands?(=|$)/.test(arg)) {
      // nushell's `--commands CODE` is its `-c`.
      const code = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++index];
      if (code !== undefined) startup.push({ kind: 'script', text: code });
      index++;
    } else if (arg.startsWith('--')) index++;
    else if (/^[-+][A-Za-z]+$/.test(arg)) {
      if (arg[0] === '-' && arg.includes('c')) command = true;
      if (arg[0] === '-' && arg.includes('s')) fromInput = true;
      index += /[oO]/.test(arg) ? 2 : 1;
    } else break;
  }
  const operands = args.slice(index);
  if (command)
    return operands[0] === undefined
      ? startup
      : [...startup, { kind: 'script', text: operands[0], args: operands.slice(1) }];
  if (fromInput || operands[0] === undefined || standardInput.has(operands[0]))
    return [...startup, { kind: 'stdin-script' }];
  return [...startup, { kind: 'script-file', path: operands[0] }];
}
