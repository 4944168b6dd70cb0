import type { Node } from 'web-tree-sitter';
import { DYNAMIC } from './shell-word';

/** What word evaluation needs to know: the home folder, and how to run `$(...)` statically. */
export interface WordScope {
  readonly homeDir: string;
  /** The output of a command substitution when it can be known without running anything. */
  staticOutput(substitution: Node): string | undefined;
}

/** A word's value and how bash treats it afterwards. */
export interface EvaluatedWord {
  readonly value: string;
  /** Quoted somewhere (no globbing, tilde or brace expansion). */
  readonly quoted: boolean;
  /** An unquoted expansion whose value bash splits on whitespace. */
  readonly splits: boolean;
}

/** Evaluates one word node the way bash would before passing it to a program. */
export function evaluateWord(node: Node, scope: WordScope): EvaluatedWord {
  switch (node.type) {
    case 'word':
    case 'command_name': {
      if (node.type === 'command_name' && node.firstNamedChild)
        return evaluateWord(node.firstNamedChild, scope);
      return {
        value: expandTilde(unescapeUnquoted(node.text), scope.homeDir),
        quoted: false,
        splits: false,
      };
    }
    case 'number':
    case 'file_descriptor':
      return { value: node.text, quoted: false, splits: false };
    case 'raw_string':
      return { value: node.text.slice(1, -1), quoted: true, splits: false };
    case 'ansi_c_string':
      return { value: decodeAnsiC(node.text.slice(2, -1)), quoted: true, splits: false };
    case 'string':
    case 'translated_string':
      return { value: evaluateDoubleQuoted(node, scope), quoted: true, splits: false };
    case 'concatenation': {
      let value = '';
      let quoted = false;
      for (const child of node.namedChildren) {
        if (!child) continue;
        const part = evaluateWord(child, scope);
        value += part.value;
        quoted ||= part.quoted;
      }
      const first = node.namedChildren[0];
      if (first?.type === 'word' && first.text.startsWith('~'))
        value = expandTilde(value, scope.homeDir);
      return { value, quoted, splits: false };
    }
    case 'simple_expansion':
    case 'expansion':
      return { value: evaluateExpansion(node, scope), quoted: false, splits: true };
    case 'command_substitution':
      return {
        value: trimNewlines(scope.staticOutput(node) ?? DYNAMIC),
        quoted: false,
        splits: true,
      };
    case 'process_substitution':
      return { value: `/dev/fd/${DYNAMIC}`, quoted: false, splits: false };
    default:
      return { value: DYNAMIC, quoted: false, splits: false };
  }
}

function evaluateDoubleQuoted(node: Node, scope: WordScope): string {
  let value = '';
  for (const child of node.children) {
    if (!child || child.type === '"' || child.type === '$"') continue;
    if (child.type === 'string_content')
      value += child.text.replace(/\\([$`"\\\n])/g, (_match, character: string) =>
        character === '\n' ? '' : character,
      );
    else if (child.type === 'simple_expansion' || child.type === 'expansion')
      value += evaluateExpansion(child, scope);
    else if (child.type === 'command_substitution')
      value += trimNewlines(scope.staticOutput(child) ?? DYNAMIC);
    else if (child.isNamed) value += DYNAMIC;
    else value += child.text;
  }
  return value;
}

function evaluateExpansion(node: Node, scope: WordScope): string {
  const text = node.text;
  const simple = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(text);
  if (simple) return knownVariable(simple[1]!, scope) ?? DYNAMIC;
  const withDefault = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-=])(.*)\}$/s.exec(text);
  if (withDefault) {
    const known = knownVariable(withDefault[1]!, scope);
    if (known !== undefined) return known;
    // An unset variable (all but HOME are unknown here) takes the default, as bash does.
    return unquoteSimple(withDefault[3]!, scope.homeDir);
  }
  return DYNAMIC;
}

function knownVariable(name: string, scope: WordScope): string | undefined {
  return name === 'HOME' ? scope.homeDir : undefined;
}

function unquoteSimple(text: string, homeDir: string): string {
  if (/^'.*'$/s.test(text)) return text.slice(1, -1);
  if (/^".*"$/s.test(text)) return text.slice(1, -1);
  return expandTilde(unescapeUnquoted(text), homeDir);
}

/** Removes the backslashes bash removes from an unquoted word (`\r` is `r`, `\\` is `\`). */
export function unescapeUnquoted(text: string): string {
  return text.replace(/\\(\n|.)/gs, (_match, character: string) =>
    character === '\n' ? '' : character,
  );
}

function expandTilde(value: string, homeDir: string): string {
  if (value === '~') return homeDir;
  if (value.startsWith('~/')) return homeDir + value.slice(1);
  if (/^~[A-Za-z_]/.test(value))
    return DYNAMIC + value.slice(value.indexOf('/') === -1 ? value.length : value.indexOf('/'));
  return value;
}

function trimNewlines(value: string): string {
  return value.replace(/\n+$/, '');
}

/** Decodes the escapes of an ANSI-C quoted string (`$'...'`). */
export function decodeAnsiC(body: string): string {
  return body.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs,
    (_match, sequence: string) => {
      const head = sequence[0]!;
      if (head === 'x' || head === 'u' || head === 'U')
        return String.fromCodePoint(Number.parseInt(sequence.slice(1), 16));
      if (/[0-7]/.test(head)) return String.fromCharCode(Number.parseInt(sequence, 8));
      if (head === 'c') return String.fromCharCode(sequence.charCodeAt(1) & 31);
      const simple: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        a: '\x07',
        b: '\b',
        e: '\x1b',
        E: '\x1b',
        f: '\f',
        v: '\v',
      };
      return simple[head] ?? head;
    },
  );
}

/** Expands unquoted brace lists (`/{etc,usr}` is `/etc /usr`), at most 64 results. */
export function expandBraces(value: string): string[] {
  const results: string[] = [];
  const pending = [value];
  while (pending.length > 0 && results.length < 64) {
    const current = pending.shift()!;
    const group = findBraceGroup(current);
    if (!group) {
      results.push(current);
      continue;
    }
    for (const alternative of group.alternatives) {
      pending.push(current.slice(0, group.start) + alternative + current.slice(group.end + 1));
    }
  }
  return results.concat(pending);
}

function findBraceGroup(
  value: string,
): { start: number; end: number; alternatives: string[] } | undefined {
  for (let start = value.indexOf('{'); start !== -1; start = value.indexOf('{', start + 1)) {
    let depth = 0;
    const cuts: number[] = [];
    for (let index = start; index < value.length; index++) {
      const character = value[index];
      if (character === '{') depth++;
      else if (character === '}') {
        depth--;
        if (depth === 0) {
          if (cuts.length === 0) break;
          const bounds = [start, ...cuts, index];
          const alternatives = bounds
            .slice(0, -1)
            .map((cut, position) => value.slice(cut + 1, bounds[position + 1]));
          return { start, end: index, alternatives };
        }
      } else if (character === ',' && depth === 1) cuts.push(index);
    }
  }
  return undefined;
}
