import { decodeAnsiC } from './ansi-c';
import {
  type AwkValues,
  closing,
  evaluate,
  maximumCandidates,
  splitOnCommas,
  statementEnd,
  statementStart,
} from './awk-expressions';
import { type AwkToken, awkTokens } from './awk-tokens';
import { optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';
import { formatPrintf } from './printf-format';
import { DYNAMIC, isStatic } from './shell-word';

/** What an awk program hands to the shell, and what it runs besides. */
export interface AwkProgram {
  /** Whether the program runs shell commands at all (`system()`, `|` to or from a command). */
  readonly runsShell: boolean;
  /** The shell code it runs, as far as known (unknown parts are {@link DYNAMIC}), and program files. */
  readonly payloads: Payload[];
}

const boundaries = new Set(['{', '}', ';', '\n', ',', '=', '&&', '||', '!', '(']);

/**
 * Reads an awk command the way awk runs it: the program (inline, `-e`/`--source`, or `-f` files),
 * `-v` and operand assignments, `ARGV` (every operand, assignments included), `ENVIRON`, and the
 * input records. awk runs shell code through `system(EXPR)`, `print ... | EXPR` (the printed text
 * is the command's input), `EXPR | getline` and gawk's `|&`; each EXPR is evaluated as far as
 * its values are known (strings, concatenation, variables, `ARGV[n]`, `ENVIRON["X"]`, `$n`). The
 * files `print > FILE` writes are judged as shell redirections.
 */
export function awkProgram(
  args: readonly string[],
  input: string | undefined,
  environment: ReadonlyMap<string, readonly string[] | undefined> = new Map(),
): AwkProgram {
  const { parsed, files, inline, operands } = awkArguments(args);
  const variables = new Map<string, string[] | undefined>();
  for (const assignment of [...optionValues(parsed, 'v', 'assign'), ...operands]) {
    const match = /^([A-Za-z_]\w*)=(.*)$/s.exec(assignment);
    if (match) addCandidate(variables, match[1]!, [decodeAnsiC(match[2]!)]);
  }
  const separator = optionValues(parsed, 'F', 'field-separator')[0];
  const values: AwkValues = {
    variables,
    argv: ['awk', ...operands],
    environment,
    lines: input === undefined ? undefined : input.replace(/\n$/, '').split('\n').slice(0, 64),
    separator,
  };
  const payloads: Payload[] = files.map((path) =>
    path === '-' || path === '/dev/stdin'
      ? { kind: 'code' as const, language: 'awk', source: 'stdin' as const }
      : { kind: 'code' as const, language: 'awk', source: 'file' as const, path },
  );
  const tokens = awkTokens(inline.join('\n'));
  programAssignments(tokens, values);
  const commands = shellCommands(tokens, values);
  for (const text of commands) payloads.push({ kind: 'script', text });
  // `print > FILE` writes FILE as a shell redirection would: judged as one.
  for (const file of outputFiles(tokens, values))
    payloads.push({ kind: 'script', text: `: >> ${quoted(file)}` });
  return { runsShell: commands.length > 0, payloads };
}

/** The files `print ... > FILE` and `print ... >> FILE` write, when their names are known. */
function outputFiles(tokens: readonly AwkToken[], values: AwkValues): string[] {
  const files: string[] = [];
  for (const [index, token] of tokens.entries()) {
    if (token.type !== 'punctuation' || (token.value !== '>' && token.value !== '>>')) continue;
    const keyword = tokens[statementStart(tokens, index)]?.value;
    if (keyword !== 'print' && keyword !== 'printf') continue;
    const names = evaluate(tokens.slice(index + 1, statementEnd(tokens, index + 1)), values);
    files.push(...(names ?? []).filter((name) => isStatic(name)));
  }
  return files;
}

const awkOptions = {
  shortWithValue: 'FvfeEilW',
  longWithValue: ['field-separator', 'assign', 'file', 'source', 'exec', 'include', 'load'],
  stopAtOperand: true,
};

function awkArguments(args: readonly string[]) {
  const parsed = parseOptions(args, awkOptions);
  const files = optionValues(parsed, 'f', 'file', 'E', 'exec');
  const inline = optionValues(parsed, 'e', 'source');
  const operands = [...parsed.operands];
  if (files.length === 0 && inline.length === 0 && operands.length) inline.push(operands.shift()!);
  return { parsed, files, inline, operands };
}

/**
 * The arguments with each program file (`-f FILE`, `--file=FILE`, `-E FILE`) whose text is known
 * (written earlier in the command) given inline instead (`--source TEXT`), so it is judged too.
 */
export function inlineProgramFiles(
  args: readonly string[],
  read: (path: string) => string | undefined,
): string[] {
  const result: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const attached = /^(?:-[fE](.+)|--(?:file|exec)=(.*))$/s.exec(arg);
    const path = attached
      ? (attached[1] ?? attached[2])
      : /^(-[fE]|--file|--exec)$/.test(arg)
        ? args[index + 1]
        : undefined;
    const text = path === undefined ? undefined : read(path);
    if (text !== undefined) {
      result.push('--source', text);
      if (!attached) index++;
      continue;
    }
    if (!arg.startsWith('-')) return [...result, ...args.slice(index)];
    result.push(arg);
    if (/^(-[vF]|--assign|--field-separator)$/.test(arg) && index + 1 < args.length)
      result.push(args[++index]!);
  }
  return result;
}

/** The files awk reads its records from (operands that are not `name=value`); none: its input. */
export function awkInputFiles(args: readonly string[]): string[] {
  return awkArguments(args).operands.filter((operand) => !/^[A-Za-z_]\w*=/.test(operand));
}

function addCandidate(
  variables: Map<string, string[] | undefined>,
  name: string,
  candidates: string[] | undefined,
): void {
  if (variables.has(name) && variables.get(name) === undefined) return;
  const known = variables.get(name) ?? [];
  variables.set(
    name,
    candidates === undefined ? undefined : [...known, ...candidates].slice(0, maximumCandidates),
  );
}

/** `name = EXPR` in the program: each value it may be given is a candidate for the name. */
function programAssignments(tokens: readonly AwkToken[], values: AwkValues): void {
  for (let pass = 0; pass < 2; pass++) {
    for (const [index, token] of tokens.entries()) {
      const name = tokens[index - 1];
      if (token.value !== '=' || token.type !== 'punctuation' || name?.type !== 'name') continue;
      if (tokens[index - 2]?.value === '$') continue;
      const end = statementEnd(tokens, index + 1);
      const evaluated = evaluate(tokens.slice(index + 1, end), values);
      if (pass === 0) addCandidate(values.variables, name.value, evaluated);
      else if (evaluated)
        for (const value of evaluated)
          if (!values.variables.get(name.value)?.includes(value))
            addCandidate(values.variables, name.value, [value]);
    }
  }
}

/** Every shell command the program runs, as shell code. */
function shellCommands(tokens: readonly AwkToken[], values: AwkValues): string[] {
  const commands: string[] = [];
  const add = (candidates: string[] | undefined, feed?: string) => {
    for (const command of candidates ?? [DYNAMIC])
      commands.push(feed === undefined ? command : `printf %s ${quoted(feed)} | ${command}`);
  };
  for (const [index, token] of tokens.entries()) {
    // gawk's indirect call `@f(...)` calls the function whose name is f's value.
    const indirect =
      token.value === '@' &&
      tokens[index + 1]?.type === 'name' &&
      tokens[index + 2]?.value === '(' &&
      values.variables.get(tokens[index + 1]!.value)?.includes('system');
    if (indirect) {
      add(evaluate(tokens.slice(index + 3, closing(tokens, index + 2)), values));
      continue;
    }
    if (token.type === 'name' && token.value === 'system' && tokens[index + 1]?.value === '(') {
      add(evaluate(tokens.slice(index + 2, closing(tokens, index + 1)), values));
      continue;
    }
    if (token.type !== 'punctuation' || (token.value !== '|' && token.value !== '|&')) continue;
    if (tokens[index + 1]?.value === 'getline') {
      let start = index - 1;
      for (let depth = 0; start >= 0; start--) {
        const value = tokens[start]!.value;
        if (value === ')' || value === ']') depth++;
        else if ((value === '(' || value === '[') && depth > 0) depth--;
        else if (depth === 0 && tokens[start]!.type === 'punctuation' && boundaries.has(value))
          break;
      }
      add(evaluate(tokens.slice(start + 1, index), values));
      continue;
    }
    const start = statementStart(tokens, index);
    const keyword = tokens[start]?.value;
    if (keyword !== 'print' && keyword !== 'printf') continue;
    const printed = printedText(keyword, tokens.slice(start + 1, index), values);
    add(evaluate(tokens.slice(index + 1, statementEnd(tokens, index + 1)), values), printed);
  }
  return commands;
}

/** What `print ARGS` or `printf FORMAT, ARGS` writes, with unknown parts marked. */
function printedText(keyword: string, args: readonly AwkToken[], values: AwkValues): string {
  let list = args;
  if (list[0]?.value === '(' && closing(list, 0) === list.length - 1) list = list.slice(1, -1);
  const parts = splitOnCommas(list).map((part) => evaluate(part, values)?.[0] ?? DYNAMIC);
  if (keyword === 'printf')
    return parts.length ? (formatPrintf(parts[0]!, parts.slice(1)) ?? DYNAMIC) : '';
  if (parts.length === 0) return values.lines ? `${values.lines.join('\n')}\n` : DYNAMIC;
  return `${parts.join(' ')}\n`;
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
