import type { Payload } from './payload';

/**
 * How a tool whose input is code in its own small language is told what to run: which options
 * carry code or a script file, and what its operands are. Only the language's shell escapes
 * are judged (an SQL query or an `ed` edit is not a risk; `.shell`, `!cmd`, `syscmd()` are).
 */
interface ToolSpec {
  readonly language: string;
  /** Options (without dashes) whose value is code. */
  readonly code: readonly string[];
  /** Options whose value is a script file in the language. */
  readonly files?: readonly string[];
  /** Other options that take a value. */
  readonly valued?: readonly string[];
  /** Standard input is data, never code (sed reads its script from `-f` only). */
  readonly inputIsData?: boolean;
  /** A general-purpose language: inline code warns like any interpreter one-liner. */
  readonly general?: boolean;
  /** What operands are: code, script files, data (not code), or the database then code. */
  readonly operands: 'code' | 'files' | 'data' | 'after-first';
}

const tools: [RegExp, ToolSpec][] = [
  [
    /^sqlite3?$/,
    {
      language: 'SQLite',
      code: ['cmd'],
      files: ['init'],
      valued: ['separator', 'newline', 'nullvalue', 'vfs', 'maxsize', 'mmap', 'pagecache'],
      operands: 'after-first',
    },
  ],
  [
    /^(sed|gsed)$/,
    {
      language: 'sed',
      code: [],
      files: ['f', 'file'],
      valued: ['e', 'expression', 'l', 'line-length'],
      operands: 'data',
      inputIsData: true,
    },
  ],
  [/^(ed|red)$/, { language: 'ed', code: [], valued: ['p', 'prompt'], operands: 'data' }],
  [/^dc$/, { language: 'dc', code: ['e', 'expression'], files: ['f', 'file'], operands: 'files' }],
  [
    /^(m4|gm4)$/,
    {
      language: 'm4',
      code: [],
      valued: ['I', 'include', 'o', 'error-output', 'F', 'R', 'l', 'debugfile'],
      operands: 'files',
    },
  ],
  [
    /^psql$/,
    {
      language: 'psql',
      code: ['c', 'command'],
      files: ['f', 'file'],
      valued: ['d', 'dbname', 'h', 'host', 'p', 'port', 'U', 'username', 'v', 'set', 'variable'],
      operands: 'data',
    },
  ],
  [
    /^(mysql|mariadb)$/,
    {
      language: 'MySQL',
      code: ['e', 'execute', 'init-command'],
      valued: ['h', 'host', 'u', 'user', 'P', 'port', 'D', 'database', 'S', 'socket'],
      operands: 'data',
    },
  ],
  [
    /^lldb$/,
    {
      language: 'LLDB',
      code: ['o', 'one-line', 'O', 'one-line-before-file', 'k', 'one-line-on-crash'],
      files: ['s', 'source', 'S', 'source-before-file', 'K', 'source-on-crash'],
      valued: ['p', 'attach-pid', 'n', 'attach-name', 'c', 'core', 'a', 'arch'],
      operands: 'data',
    },
  ],
  [
    /^(emacs|emacsclient)$/,
    {
      language: 'Emacs Lisp',
      code: ['eval', 'execute', 'e'],
      files: ['l', 'load', 'script'],
      operands: 'data',
      general: true,
    },
  ],
  [
    /^erl$/,
    {
      language: 'Erlang',
      code: ['eval'],
      valued: ['s', 'run', 'sname', 'name'],
      operands: 'data',
      general: true,
    },
  ],
  [/^latexmk$/, { language: 'Perl', code: ['e'], files: ['r'], operands: 'data', general: true }],
];

/** The shell commands that a piece of code in one of these languages runs through its shell escape. */
const escapes: Record<string, RegExp[]> = {
  SQLite: [/^\s*\.(?:shell|system)\s+(.+)$/gm, /^\s*\.(?:once|output)\s+(?:-\S+\s+)*\|\s*(.+)$/gm],
  ed: [/^\s*[\d.,$;+\-'a-z]*\s*(?:[rwe]|wq?)?\s*!(.+)$/gm],
  dc: [/!(?![<>=])([^\n]+)/g],
  sed: [/(?:^|[;\n])\s*(?:\d+|\$|\/[^/\n]*\/)?\s*e\s+([^;\n]+)/g],
  psql: [/^\s*\\!\s*(.+)$/gm, /\\[og]\s*\|\s*(.+)$/gm, /\bPROGRAM\s+'((?:''|[^'])*)'/gi],
  MySQL: [/(?:^|;)\s*(?:system|\\!)\s+([^;\n]+)/gim],
  LLDB: [/^\s*(?:platform\s+)?shell\s+(.+)$/gm, /^\s*platform\s+sh\w*\s+(.+)$/gm],
  'Emacs Lisp': [
    /\((?:async-)?shell-command(?:-to-string)?\s+"((?:\\.|[^"\\])*)"/g,
    /\(call-process-shell-command\s+"((?:\\.|[^"\\])*)"/g,
    /\(start-process-shell-command\s+"[^"]*"\s+\S+\s+"((?:\\.|[^"\\])*)"/g,
  ],
  Erlang: [/os:cmd\(\s*"((?:\\.|[^"\\])*)"/g],
  Tcl: [/(?:^|[;\n[{]|\bthen\b)\s*(?:spawn|exec)\s+(?:-\S+\s+)*([^;\n\]}]+)/g],
  AppleScript: [/do shell script\s+"((?:\\.|[^"\\])*)"/g],
};

/** The shell commands that code in a tool language with a shell escape runs (m4's `syscmd`, sqlite's `.shell`, ed's `!`). */
export function toolShellEscapes(code: string, language: string): string[] {
  const found: string[] = [];
  for (const pattern of escapes[language] ?? [])
    for (const match of code.matchAll(pattern))
      found.push((match[1] ?? '').replace(/\\(["\\])/g, '$1').replace(/''/g, "'"));
  if (language === 'm4') found.push(...m4Commands(code));
  return found.filter((command) => command.trim() !== '');
}

/** The arguments of m4's `syscmd(...)` and `esyscmd(...)`, with m4's quotes taken off. */
function m4Commands(code: string): string[] {
  const commands: string[] = [];
  for (const match of code.matchAll(/\be?syscmd\s*\(/g)) {
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < code.length; end++) {
      if (code[end] === '(') depth++;
      else if (code[end] === ')' && depth-- === 0) break;
    }
    commands.push(code.slice(match.index + match[0].length, end).replace(/[`']/g, ''));
  }
  return commands;
}

/** Whether a language's code is judged only by its shell escapes. */
export function isToolLanguage(language: string): boolean {
  return tools.some(([, spec]) => spec.language === language);
}

/**
 * What a tool with a small language runs (sqlite3, ed, dc, m4, psql, mysql, lldb, emacs, erl):
 * code given in options or operands, script files, or its standard input. Undefined for other
 * programs. Options are read with one or two dashes, values attached (`--eval=...`) or not.
 */
export function toolLanguagePayloads(
  program: string,
  args: readonly string[],
): Payload[] | undefined {
  const spec = tools.find(([pattern]) => pattern.test(program))?.[1];
  if (!spec) return undefined;
  const { language } = spec;
  const escapesOnly = !spec.general;
  const payloads: Payload[] = [];
  const operands: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    const option = /^--?([A-Za-z][\w-]*)(?:=([\s\S]*))?$/.exec(arg);
    const short = /^-([A-Za-z])([\s\S]+)$/.exec(arg);
    const name = option?.[1] ?? short?.[1];
    if (!arg.startsWith('-') || arg === '-' || name === undefined) {
      operands.push(arg);
      continue;
    }
    const attached = option ? option[2] : undefined;
    const [known, value] = [spec.code, spec.files ?? [], spec.valued ?? []].some((list) =>
      list.includes(option?.[1] ?? ''),
    )
      ? [option![1]!, attached ?? args[++index] ?? '']
      : short && [...spec.code, ...(spec.files ?? []), ...(spec.valued ?? [])].includes(short[1]!)
        ? [short[1]!, short[2]!]
        : [undefined, undefined];
    if (known === undefined) continue;
    if (spec.code.includes(known))
      payloads.push({ kind: 'code', language, source: 'inline', code: value, escapesOnly });
    else if (spec.files?.includes(known))
      payloads.push({ kind: 'code', language, source: 'file', path: value, escapesOnly });
  }
  const rest = spec.operands === 'after-first' ? operands.slice(1) : operands;
  if (spec.operands === 'code' || spec.operands === 'after-first') {
    if (rest.length)
      payloads.push({
        kind: 'code',
        language,
        source: 'inline',
        code: rest.join('\n'),
        escapesOnly,
      });
  } else if (spec.operands === 'files')
    for (const path of rest)
      payloads.push({ kind: 'code', language, source: 'file', path, escapesOnly });
  // Without code or a script file given, the tool reads its code from standard input.
  if (
    !spec.inputIsData &&
    (payloads.length === 0 || rest.includes('-') || rest.includes('/dev/stdin'))
  )
    payloads.push({ kind: 'code', language, source: 'stdin', escapesOnly });
  return payloads;
}
