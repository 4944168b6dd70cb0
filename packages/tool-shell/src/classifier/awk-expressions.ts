import type { AwkToken } from './awk-tokens';
import { formatPrintf } from './printf-format';
import { DYNAMIC } from './shell-word';

/** The values an awk expression can read: variables, `ARGV`, `ENVIRON` and the input records. */
export interface AwkValues {
  /** Each variable's possible values (from `-v`, operand assignments and the program). */
  readonly variables: Map<string, string[] | undefined>;
  /** `ARGV`: `awk` then every operand after the program, assignments included. */
  readonly argv: readonly string[];
  /** The environment awk receives (`ENVIRON`). */
  readonly environment: ReadonlyMap<string, readonly string[] | undefined>;
  /** The input records, when the input is known. */
  readonly lines: readonly string[] | undefined;
  /** The field separator given with `-F`. */
  readonly separator: string | undefined;
}

/** At most this many values are followed for one expression. */
export const maximumCandidates = 16;

/**
 * The values an expression may have: concatenated terms (strings, numbers, variables, `ARGV[n]`,
 * `ENVIRON["X"]`, `$n`, parentheses); undefined when another operator makes it unknown.
 */
export function evaluate(tokens: readonly AwkToken[], values: AwkValues): string[] | undefined {
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
      const end = closing(tokens, index + 1);
      term = builtinValues(token.value, tokens.slice(index + 2, end), values);
      index = end;
    } else if (token.type === 'name') term = values.variables.get(token.value);
    else return undefined;
    const candidates = term ?? [DYNAMIC];
    results = results
      .flatMap((result) => candidates.map((candidate) => result + candidate))
      .slice(0, maximumCandidates);
  }
  return results;
}

/** What `sprintf(FORMAT, ...)`, `toupper(S)` and `tolower(S)` return when their arguments are known. */
function builtinValues(
  name: string,
  args: readonly AwkToken[],
  values: AwkValues,
): readonly string[] | undefined {
  if (!/^(sprintf|toupper|tolower)$/.test(name)) return undefined;
  const evaluated = splitOnCommas(args).map((arg) => evaluate(arg, values)?.[0]);
  if (evaluated.length === 0 || evaluated.some((value) => value === undefined)) return undefined;
  const [first, ...rest] = evaluated as string[];
  if (name === 'toupper') return [first!.toUpperCase()];
  if (name === 'tolower') return [first!.toLowerCase()];
  const formatted = formatPrintf(first!, rest);
  return formatted === undefined ? undefined : [formatted];
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
export function closing(tokens: readonly AwkToken[], open: number): number {
  let depth = 0;
  for (let index = open; index < tokens.length; index++) {
    const value = tokens[index]!.type === 'punctuation' ? tokens[index]!.value : '';
    if (value === '(' || value === '[') depth++;
    else if ((value === ')' || value === ']') && --depth === 0) return index;
  }
  return tokens.length;
}

/** The index of the token that ends the statement starting at `from`. */
export function statementEnd(tokens: readonly AwkToken[], from: number): number {
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

/** The index of the first token of the statement that holds the token at `before`. */
export function statementStart(tokens: readonly AwkToken[], before: number): number {
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

/** An argument list split at its top-level commas. */
export function splitOnCommas(tokens: readonly AwkToken[]): AwkToken[][] {
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
