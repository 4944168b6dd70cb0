import type { Node } from 'web-tree-sitter';
import { decodeAnsiC } from './ansi-c';
import { arithmeticValue } from './arithmetic-value';
import { expandBraces } from './brace-expansion';
import { BRACE_WORD } from './brace-words';
import { stackEntry } from './directory-stack';
import { type ExpansionHooks, expandParameter } from './parameter-expansion';
import type { ShellScope } from './shell-scope';
import { DYNAMIC } from './shell-word';
import { fieldBreak, protectAll, quotedEmpty, splitting, unprotect } from './word-protection';

/** What evaluating a word needs besides the node: the scope and how to walk substitutions. */
export interface WordContext {
  readonly scope: ShellScope;
  /** Walks a `$(...)` or backtick substitution; its output when known without running. */
  substitutionOutput(node: Node): string | undefined;
  /** Walks a `<(...)` or `>(...)` substitution; the `/dev/fd/...` name the program sees. */
  processSubstitution(node: Node): string;
  /** Walks a `$((...))` expansion (its substitutions, and variables whose values hold code). */
  arithmetic(node: Node): void;
  /** Reports text that bash runs as code while expanding (`${x@P}`). */
  evaluatedAsCode(text: string): void;
  /** No word splitting of unquoted expansions (a here-string's word). */
  readonly unsplit?: boolean;
}

const wordTypes = new Set([
  'word',
  'string',
  'raw_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  'ansi_c_string',
  'translated_string',
  'number',
  'brace_expression',
]);

/** Whether a node is a word (an argument, a value) rather than a statement. */
export function isWordNode(node: Node): boolean {
  return wordTypes.has(node.type);
}

/** The words bash makes of one word node: expanded, split on whitespace and brace-expanded. */
export function expandWord(node: Node, context: WordContext): string[] {
  const text = piece(node, context, false, true);
  const fields: string[] = [];
  const braces = expandBraces(text);
  for (const [index, brace] of braces.entries()) {
    // Tilde expansion follows brace expansion: `{rm,-rf,~}` names the home folder.
    const expanded = index > 0 || brace !== text ? tildeAfterBraces(brace, context.scope) : brace;
    for (const field of expanded.split(/[ \t\n\u{E017}]+/u)) {
      if (field !== '') fields.push(unprotect(field));
    }
  }
  return fields;
}

function tildeAfterBraces(word: string, scope: ShellScope): string {
  return word.startsWith('~') ? expandTilde(word, scope) : word;
}

/** The value of a word where bash neither splits nor brace-expands (assignments, redirections). */
export function wordValue(node: Node, context: WordContext): string {
  return unprotect(piece(node, context, false, true));
}

/**
 * The value of a here-string's word (`<<< $(cmd)`): expanded like any word (`~` included) but
 * neither split into fields nor globbed, so the lines of a substitution's output stay lines.
 */
export function hereStringValue(node: Node, context: WordContext): string {
  return wordValue(node, { ...context, unsplit: true });
}

function piece(node: Node, context: WordContext, quoted: boolean, first: boolean): string {
  switch (node.type) {
    case 'command_name':
      return node.firstNamedChild ? piece(node.firstNamedChild, context, quoted, first) : '';
    case 'word':
      return unquotedWord(node.text, context.scope, first);
    case 'number':
    case 'file_descriptor':
    case 'test_operator':
    case 'regex':
    case 'extglob_pattern':
      return node.text;
    case 'raw_string':
      return protectAll(node.text.slice(1, -1)) || quotedEmpty;
    case 'ansi_c_string':
      return protectAll(decodeAnsiC(node.text.slice(2, -1))) || quotedEmpty;
    case 'string':
      return doubleQuoted(node, context) || quotedEmpty;
    case 'translated_string': {
      // `$"..."` is "..." looked up in a message catalogue: without one, bash uses it as written.
      const inner = node.namedChildren.find((child) => child?.type === 'string');
      return inner ? piece(inner, context, quoted, first) : DYNAMIC;
    }
    case 'concatenation': {
      let value = '';
      let index = 0;
      for (const child of node.children) {
        if (!child) continue;
        // `$"..."` inside a word parses as a `$` token then the string: one locale string,
        // which without a message catalogue is the string as written (`rm${IFS}$"-rf"`).
        const next = child.nextSibling;
        if (child.type === '$' && next?.type === 'string' && next.startIndex === child.endIndex)
          continue;
        value += piece(child, context, quoted, first && index === 0);
        index++;
      }
      return value;
    }
    case 'simple_expansion':
    case 'expansion': {
      const { values } = expandParameter(node.text, context.scope, hooks(context));
      if (values === undefined) return DYNAMIC;
      return context.unsplit
        ? protectAll(values.join(' '))
        : splitting(values.join(' '), context.scope);
    }
    case 'command_substitution': {
      const output = context.substitutionOutput(node);
      if (output === undefined) return DYNAMIC;
      const text = output.replace(/\n+$/, '');
      return context.unsplit ? protectAll(text) : splitting(text, context.scope);
    }
    case 'process_substitution':
      return protectAll(context.processSubstitution(node));
    case 'arithmetic_expansion':
      context.arithmetic(node);
      return (
        arithmeticValue(node.text, (name) => {
          const value = context.scope.get(name)?.join(' ');
          return value === undefined || value.includes(DYNAMIC) ? undefined : value;
        }) ?? DYNAMIC
      );
    case 'brace_expression':
      return node.text;
    default:
      if (!node.isNamed) return node.text;
      return DYNAMIC;
  }
}

function doubleQuoted(node: Node, context: WordContext): string {
  let value = '';
  let end = node.startIndex;
  for (const child of node.children) {
    if (!child) continue;
    // tree-sitter leaves the line breaks between pieces of a string out of every child: they
    // are part of the value all the same (`eval "cmd1<newline>cmd2"` runs two commands).
    if (child.startIndex > end)
      value += protectAll(
        node.text.slice(end - node.startIndex, child.startIndex - node.startIndex),
      );
    end = child.endIndex;
    if (child.type === '"' || child.type === '$"') continue;
    // tree-sitter puts the blanks before an expansion that follows another one into the
    // expansion's text (`"$a $b"` has the children `$a` and ` $b`): they are literal text.
    const lead = child.type === 'string_content' ? '' : /^\s*/.exec(child.text)![0];
    value += protectAll(lead);
    const text = child.text.slice(lead.length);
    switch (child.type) {
      case 'string_content':
        value += protectAll(
          child.text.replace(/\\([$`"\\\n])/g, (_match, character: string) =>
            character === '\n' ? '' : character,
          ),
        );
        break;
      case 'simple_expansion':
      case 'expansion': {
        const { values, perElement } = expandParameter(text, context.scope, hooks(context));
        if (values === undefined) value += DYNAMIC;
        else if (perElement) value += values.map(protectAll).join(fieldBreak);
        else value += protectAll(values.join(' '));
        break;
      }
      case 'command_substitution': {
        const output = context.substitutionOutput(child);
        value += output === undefined ? DYNAMIC : protectAll(output.replace(/\n+$/, ''));
        break;
      }
      case 'arithmetic_expansion':
        context.arithmetic(child);
        value += DYNAMIC;
        break;
      default:
        // tree-sitter does not know every operator (`${x~~}`): the text is expanded by hand.
        if (child.type === 'ERROR' && /^\$\{[\s\S]*\}$/.test(text)) {
          const { values } = expandParameter(text, context.scope, hooks(context));
          value += values === undefined ? DYNAMIC : protectAll(values.join(' '));
        } else value += child.isNamed ? DYNAMIC : protectAll(text);
    }
  }
  return value;
}

function hooks(context: WordContext): ExpansionHooks {
  return {
    evaluateOperand: (text) => operandValue(text, context.scope),
    evaluatedAsCode: (text) => context.evaluatedAsCode(text),
  };
}

/** The value of the word inside `${x:-WORD}`: quotes, `~` and simple expansions. */
function operandValue(text: string, scope: ShellScope): string {
  if (/^'[^']*'$/.test(text)) return text.slice(1, -1);
  if (/^"[^"$`\\]*"$/.test(text)) return text.slice(1, -1);
  const variable = /^\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9])\}?$/.exec(text);
  if (variable) return scope.get(variable[1]!)?.join(' ') ?? DYNAMIC;
  // Expansions inside the word (`${PWD%${PWD##*/}}`, `x${y}z`): each one expanded in turn.
  if (/\$\{[^{}]*\}|\$[A-Za-z_]/.test(text) && !/[`"'\\]|\$\(/.test(text)) {
    const operandHooks: ExpansionHooks = {
      evaluateOperand: (inner) => operandValue(inner, scope),
      evaluatedAsCode: () => {},
    };
    return text.replace(/\$\{[^{}]*\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (expansion) => {
      const { values } = expandParameter(expansion, scope, operandHooks);
      return values === undefined ? DYNAMIC : values.join(' ');
    });
  }
  if (/[$`"']/.test(text)) return DYNAMIC;
  return unprotect(unquotedWord(text, scope, true));
}

/** An unquoted word: backslashes removed (the escaped character protected) and `~` expanded. */
function unquotedWord(text: string, scope: ShellScope, first: boolean): string {
  let value = text
    .replaceAll(BRACE_WORD, '{')
    .replace(/\\(\n|.)/gs, (_match, character: string) =>
      character === '\n' ? '' : protectAll(character),
    );
  if (first && value.startsWith('~')) value = expandTilde(value, scope);
  return value;
}

function expandTilde(value: string, scope: ShellScope): string {
  const slash = value.indexOf('/');
  const prefix = value.slice(1, slash === -1 ? undefined : slash);
  const rest = slash === -1 ? '' : value.slice(slash);
  let home: string | undefined;
  if (prefix === '') home = scope.get('HOME')?.[0] ?? DYNAMIC;
  // `~+` is $PWD, `~-` is $OLDPWD; `~N`, `~+N`, `~-N` are entries of the directory stack.
  else if (prefix === '+') home = scope.get('PWD')?.[0] ?? DYNAMIC;
  else if (prefix === '-') home = scope.get('OLDPWD')?.[0] ?? DYNAMIC;
  else if (/^[+-]?\d+$/.test(prefix)) home = stackEntry(prefix, scope);
  else if (prefix === 'root') home = '/root';
  else if (/^[a-z_][a-z0-9_-]*\$?$/i.test(prefix)) home = `/home/${prefix}`;
  return home === undefined ? value : protectAll(home) + rest;
}
