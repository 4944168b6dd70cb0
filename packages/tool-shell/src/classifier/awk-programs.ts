import { decodeAnsiC } from './ansi-c';
import { type AwkToken, awkTokens } from './awk-tokens';
import { optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';
import { formatPrintf } from './printf-format';
import { DYNAMIC } from './shell-word';

/** What an awk program hands to the shell, and what it runs besides. */
export interface AwkProgram {
  /** Whether the program runs shell commands at all (`system()`, `|` to or from a command). */
  readonly runsShell: boolean;
  /** The shell code it runs, as far as known (unknown parts are {@link DYNAMIC}), and program files. */
  readonly payloads: Payload[];
}

/** The values an awk expression can read: variables, `ARGV`, `ENVIRON` and the input records. */
interface AwkValues {
  readonly variables: Map<string, string[] | undefined>;
  readonly argv: readonly string[];
  readonly environment: ReadonlyMap<string, readonly string[] | undefined>;
  readonly lines: readonly string[] | undefined;
  readonly separator: string | undefined;
}

const maximumCandidates = 16;
const boundaries = new Set(['{', '}', ';', '\n', ',', '=', '&&', '||', '!', '(']);

/**
 * Reads an awk command the way awk runs it: the program (inline, `-e`/`--source`, or `-f` files),
 * `-v` and operand assignments, `ARGV` (every operand, assignments included), `ENVIRON`, and the
 * input records. awk runs shell code through `system(EXPR)`, `print ... | EXPR` (the printed text
 * is the command's input), `EXPR | getline` and gawk's `|&`; each EXPR is evaluated as far as
 * its values are known (strings, concatenation, variables, `ARGV[n]`, `ENVIRON["X"]`, `$n`).
 */
export function awkProgram(
  args: readonly string[],
  input: string | undefined,
  environment: ReadonlyMap<string, readonly string[] | undefined> = new Map(),
): AwkProgram {
  const parsed = parseOptions(args, {
    shortWithValue: 'FvfeEilW',
    longWithValue: ['field-separator', 'assign', 'file', 'source', 'exec', 'include', 'load'],
    stopAtOperand: true,
  });
  const files = optionValues(parsed, 'f', 'file', 'E', 'exec');
  const inline = optionValues(parsed, 'e', 'source');
  const operands = [...parsed.operands];
  if (files.length === 0 && inline.length === 0 && operands.length) inline.push(operands.shift()!);
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
  return { runsShell: commands.length > 0, payloads };
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

/**
 * The values an expression may have: concatenated terms (strings, numbers, variables, `ARGV[n]`,
 * `ENVIRON["X"]`, `$n`, parentheses); undefined when another operator makes it unknown.
 */
function evaluate(tokens: readonly AwkToken[], values: AwkValues): string[] | undefined {
  let results = [''];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    let term: readonly string[] | undefined;
    if (token.type === 'string' || token.type === 'number') term = [token.value];
    else if (token.value === '(' && token.type === 'punctuation') {
      const end = closing(tokens, index);
      term = evaluate(tokens.slice(index + 1, end), values);
      index = end;
    } else if (token.value === '$' && token.type === 'punctuation') {
      const field = tokens[index + 1];
      index++;
      term = fieldValues(field, values);
    } else if (token.type === 'name' && tokens[index + 1]?.value === '[') {
      const end = closing(tokens, index + 1);
      const key = evaluate(tokens.slice(index + 2, end), values);
      index = end;
      term = arrayValues(token.value, key, values);
    } else if (token.type === 'name' && tokens[index + 1]?.value === '(') {
      index = closing(tokens, index + 1);
      term = undefined;
    } else if (token.type === 'name') term = values.variables.get(token.value);
    else return undefined;
    const candidates = term ?? [DYNAMIC];
    results = results
      .flatMap((result) => candidates.map((candidate) => result + candidate))
      .slice(0, maximumCandidates);
  }
  return results;
}

function arrayValues(
  name: string,
  key: readonly string[] | undefined,
  values: AwkValues,
): readonly string[] | undefined {
  if (name === 'ARGV')
    return key?.every((item) => /^\d+$/.test(item))
      ? key.map((item) => values.argv[Number(item)] ?? '')
      : values.argv.slice(1);
  if (name === 'ENVIRON' && key)
    return key.flatMap((item) => values.environment.get(item)?.slice(0, 1) ?? [DYNAMIC]);
  return undefined;
}

function fieldValues(
  field: AwkToken | undefined,
  values: AwkValues,
): readonly string[] | undefined {
  if (!values.lines || !field) return undefined;
  if (field.value === '0') return values.lines;
  const split = (line: string) =>
    values.separator && values.separator.length === 1
      ? line.split(values.separator)
      : line.trim().split(/[ \t]+/);
  if (field.value === 'NF') return values.lines.map((line) => split(line).at(-1) ?? '');
  if (field.type === 'number')
    return values.lines.map((line) => split(line)[Number(field.value) - 1] ?? '');
  return undefined;
}

/** The index of the bracket that closes the one at `open`. */
function closing(tokens: readonly AwkToken[], open: number): number {
  let depth = 0;
  for (let index = open; index < tokens.length; index++) {
    const value = tokens[index]!.type === 'punctuation' ? tokens[index]!.value : '';
    if (value === '(' || value === '[') depth++;
    else if ((value === ')' || value === ']') && --depth === 0) return index;
  }
  return tokens.length;
}

function statementEnd(tokens: readonly AwkToken[], from: number): number {
  let depth = 0;
  for (let index = from; index < tokens.length; index++) {
    const { type, value } = tokens[index]!;
    if (type !== 'punctuation') continue;
    if (value === '(' || value === '[') depth++;
    else if (value === ')' || value === ']') {
      if (--depth < 0) return index;
    } else if (depth === 0 && (value === ';' || value === '\n' || value === '}')) return index;
  }
  return tokens.length;
}

function statementStart(tokens: readonly AwkToken[], before: number): number {
  let depth = 0;
  for (let index = before - 1; index >= 0; index--) {
    const { type, value } = tokens[index]!;
    if (type !== 'punctuation') continue;
    if (value === ')' || value === ']') depth++;
    else if (value === '(' || value === '[') {
      if (--depth < 0) return index + 1;
    } else if (depth === 0 && (value === ';' || value === '\n' || value === '{' || value === '}'))
      return index + 1;
  }
  return 0;
}

function splitOnCommas(tokens: readonly AwkToken[]): AwkToken[][] {
  const parts: AwkToken[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.type === 'punctuation') {
      if (token.value === '(' || token.value === '[') depth++;
      else if (token.value === ')' || token.value === ']') depth--;
      else if (token.value === ',' && depth === 0) {
        parts.push([]);
        continue;
      }
    }
    parts.at(-1)!.push(token);
  }
  return parts.filter((part) => part.length > 0);
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
