import type { Payload } from './payload';

/**
 * How a program runs the value of one of its options or operands: `script` hands it to
 * `sh -c` (or a shell-like command line), `words` splits it at blanks and runs it as argv
 * (go's `-exec`), `commas` splits it at commas (gcc's `-wrapper sh,-c,CODE`), `python` is
 * Python code, `argv` runs the rest of the arguments as a command.
 */
type Runs = 'script' | 'words' | 'commas' | 'python';

interface ExecSpec {
  /** The option names (without dashes; one letter is a short option) and how each is run. */
  readonly options: Readonly<Record<string, Runs>>;
  /** Subcommands the options belong to (the first operand must be one of them). */
  readonly subcommands?: RegExp;
  /** The value is only run when it matches (strace's `-o '|cmd'`), captured group 1 runs. */
  readonly only?: RegExp;
}

/**
 * The table of programs whose options carry a command they run: compilers' wrappers
 * (`gcc -wrapper`), go's `-exec`/`-toolexec`, tracers writing to a pipe (`strace -o '|cmd'`),
 * downloaders' post-processing (`yt-dlp --exec`), netcat's `--sh-exec`, bpftrace's `-c`,
 * `git filter-repo` callbacks (Python), `git daemon --access-hook`, `git instaweb --httpd`,
 * xonsh's `-c` (its command lines are shell commands).
 */
const table: [RegExp, ExecSpec][] = [
  [
    /^(gcc|g\+\+|cc|c\+\+|clang|clang\+\+|gcc-[0-9.]+|g\+\+-[0-9.]+)$/,
    { options: { wrapper: 'commas' } },
  ],
  [
    /^go$/,
    {
      options: { exec: 'words', toolexec: 'words' },
      subcommands: /^(build|test|run|install|vet|generate|get|list)$/,
    },
  ],
  [/^(strace|ltrace)$/, { options: { o: 'script', output: 'script' }, only: /^\s*[|!](.*)$/s }],
  [
    /^(yt-dlp|youtube-dl|yt-dlp_linux)$/,
    {
      options: { exec: 'script', 'exec-before-download': 'script' },
      only: /^(?:[a-z_]+:)?(.*)$/s,
    },
  ],
  [
    /^(ncat|nc|netcat)$/,
    {
      options: {
        'sh-exec': 'script',
        c: 'script',
        exec: 'words',
        e: 'words',
        'lua-exec': 'script',
      },
    },
  ],
  [/^bpftrace$/, { options: { c: 'words' } }],
  [/^xonsh$/, { options: { c: 'script' } }],
  [/^lftp$/, { options: { c: 'script', e: 'script' }, only: /(?:^|[;\n])\s*!([^\n]*)/ }],
  [
    /^(rpm|rpmbuild|rpmspec)$/,
    { options: { eval: 'script', E: 'script' }, only: /%\(([\s\S]*)\)/ },
  ],
];

/** Options of git subcommands that run a command or Python code. */
const gitSubcommands: Record<string, Readonly<Record<string, Runs>>> = {
  'filter-repo': Object.fromEntries(
    [
      'filename',
      'message',
      'name',
      'email',
      'refname',
      'blob',
      'commit',
      'tag',
      'reset',
      'file-info',
    ].map((name) => [`${name}-callback`, 'python' as const]),
  ),
  daemon: { 'access-hook': 'script' },
  instaweb: { httpd: 'script', d: 'script', browser: 'script', b: 'script' },
};

/** Values of the named options, attached (`--x=v`, `-xv`, `-x=v` for go) or separate. */
function valuesOf(args: readonly string[], options: Readonly<Record<string, Runs>>) {
  const found: [string, Runs][] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--') break;
    const match = /^--?([A-Za-z][\w.-]*)(?:=([\s\S]*))?$/.exec(arg);
    const name = match?.[1];
    if (name && Object.hasOwn(options, name)) {
      found.push([match[2] ?? args[++index] ?? '', options[name]!]);
      continue;
    }
    // A short option with its value attached (`-o'|cmd'`).
    if (
      /^-[A-Za-z]./s.test(arg) &&
      !arg.startsWith('--') &&
      options[arg[1]!] &&
      arg[1]!.length === 1
    )
      found.push([arg.slice(2), options[arg[1]!]!]);
  }
  return found;
}

function payloadFor(text: string, runs: Runs): Payload[] {
  if (!text.trim()) return [];
  switch (runs) {
    case 'script':
      return [{ kind: 'script', text }];
    case 'words':
      return [{ kind: 'script', text }];
    case 'commas':
      return [{ kind: 'command', words: text.split(',') }];
    case 'python':
      return [{ kind: 'code', language: 'Python', source: 'inline', code: text, args: [] }];
  }
}

/**
 * What a program of {@link table} runs from its options, and what git's `filter-repo`,
 * `daemon` and `instaweb` run; empty for every other program.
 */
export function execOptionPayloads(program: string, args: readonly string[]): Payload[] {
  if (program === 'git') {
    const at = args.findIndex(
      (arg, index) => !arg.startsWith('-') && !/^-[cC]$/.test(args[index - 1] ?? ''),
    );
    const options = gitSubcommands[args[at] ?? ''];
    return options
      ? valuesOf(args.slice(at + 1), options).flatMap(([text, runs]) => payloadFor(text, runs))
      : [];
  }
  const entry = table.find(([pattern]) => pattern.test(program));
  if (!entry) return [];
  const { options, subcommands, only } = entry[1];
  if (subcommands && !subcommands.test(args.find((arg) => !arg.startsWith('-')) ?? '')) return [];
  return valuesOf(args, options).flatMap(([value, runs]) => {
    if (!only) return payloadFor(value, runs);
    const texts = [...value.matchAll(new RegExp(only.source, `${only.flags.replace('g', '')}g`))];
    return texts.flatMap((match) => payloadFor(match[1] ?? '', runs));
  });
}
