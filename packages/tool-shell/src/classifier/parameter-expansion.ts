import { decodeAnsiC } from './ansi-c';
import { evaluateArithmetic } from './arithmetic-value';
import { globToRegExp, removeMatch } from './glob-patterns';
import { isKnownSpecial, lookup, unknown } from './parameter-lookup';
import type { ShellScope } from './shell-scope';
import { DYNAMIC } from './shell-word';

/** The result of a parameter expansion: its fields, or undefined when only known at run time. */
export interface ExpandedParameter {
  /** Its value; several entries for `${a[@]}` and `$@`, which expand to several words. */
  readonly values: readonly string[] | undefined;
  /** True for `@`-style expansions that keep one word per value inside double quotes. */
  readonly perElement: boolean;
}

/** What expanding may need besides the scope. */
export interface ExpansionHooks {
  /** Evaluates the word inside an operator (`${x:-WORD}`): quotes and simple expansions. */
  evaluateOperand(text: string): string;
  /** Reports text that bash runs as code while expanding (`${x@P}` of a value with `$(...)`). */
  evaluatedAsCode(text: string): void;
}

const pattern = /^\$\{([!#]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!0-])(\[[^\]]*\])?([\s\S]*)\}$/;

/**
 * Expands `$name`, `${name}` and `${name OP ...}` the way bash does: defaults (`:-`, `-`, `:=`,
 * `:?`, `:+`), pattern removal (`#`, `##`, `%`, `%%`), substitution (`/`, `//`, `/#`, `/%`), case
 * changes, substrings, lengths, arrays (`[@]`, `[*]`, `[N]`), indirection (`${!x}`) and the `@`
 * operators (`@P` runs the value through prompt expansion, which runs its `$(...)`).
 */
export function expandParameter(
  text: string,
  scope: ShellScope,
  hooks: ExpansionHooks,
): ExpandedParameter {
  const simple = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!0-])$/.exec(text);
  if (simple) return lookup(simple[1]!, undefined, scope);
  const match = pattern.exec(text);
  if (!match) return { values: undefined, perElement: false };
  const [, prefix, name, subscript, operation] = match as unknown as [
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  if (subscript && /[$`]/.test(subscript)) hooks.evaluatedAsCode(`: ${subscript.slice(1, -1)}`);
  let base = lookup(name, subscript, scope);
  if (prefix === '!') {
    // `${!a[@]}`: the keys (or indices) of an array.
    if ((subscript === '[@]' || subscript === '[*]') && !operation) {
      const values = scope.get(name);
      const keys = scope.get(`keys:${name}`);
      if (keys) return { values: keys, perElement: subscript === '[@]' };
      return values === undefined
        ? unknown()
        : { values: values.map((_value, index) => String(index)), perElement: subscript === '[@]' };
    }
    if (subscript === '[@]' || subscript === '[*]' || operation) return unknown();
    const target = base.values?.[0];
    // `${!x}` with x='a[$(cmd)]': bash evaluates the subscript, running cmd.
    if (target !== undefined && /\[[\s\S]*[$`]/.test(target)) hooks.evaluatedAsCode(`: ${target}`);
    // `${!#}`: the value of `#` names a positional parameter (the last one).
    if (target === undefined || !/^([A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?|\d+)$/.test(target))
      return unknown();
    const [targetName, targetSubscript] = target.split(/(?=\[)/);
    // The subscript of the name it points to is evaluated: its substitutions run.
    if (targetSubscript && /[$`]/.test(targetSubscript))
      hooks.evaluatedAsCode(`: ${targetSubscript.slice(1, -1)}`);
    base = lookup(targetName!, targetSubscript, scope);
  }
  if (prefix === '#') {
    if (base.values === undefined) return unknown();
    const count =
      subscript === '[@]' || subscript === '[*]'
        ? base.values.length
        : [...(base.values[0] ?? '')].length;
    return { values: [String(count)], perElement: false };
  }
  if (!operation) return base;
  // The word of an operator is expanded by bash (`${x-`cmd`}`): its substitutions run.
  if (/\$\(|`|[<>]\(/.test(operation))
    hooks.evaluatedAsCode(`: ${operation.replace(/^[:#%/^,@?=+-]+/, '')}`);
  return applyOperation(name, base, operation, scope, hooks);
}

function applyOperation(
  name: string,
  base: ExpandedParameter,
  operation: string,
  scope: ShellScope,
  hooks: ExpansionHooks,
): ExpandedParameter {
  const values = base.values;
  const defaulting = /^(:?)([-=?+])([\s\S]*)$/.exec(operation);
  if (defaulting) {
    const [, colon, operator, operandText] = defaulting as unknown as [
      string,
      string,
      string,
      string,
    ];
    const operand = () => hooks.evaluateOperand(operandText);
    if (values === undefined) {
      // A variable from the environment: the tool passes few, so take it as unset.
      if (operator === '-') return { values: [operand()], perElement: false };
      if (operator === '=') {
        // `${D:=/}` assigns D as well.
        const value = operand();
        scope.set(name, [value]);
        return { values: [value], perElement: false };
      }
      return unknown();
    }
    const unset = !scope.variables.has(name) && !isKnownSpecial(name);
    const empty = values.length === 0 || (values.length === 1 && values[0] === '');
    const useOperand = colon ? unset || empty : unset;
    switch (operator) {
      case '-':
        return useOperand ? { values: [operand()], perElement: false } : base;
      case '=':
        if (useOperand) {
          const value = operand();
          scope.set(name, [value]);
          return { values: [value], perElement: false };
        }
        return base;
      case '?':
        return base;
      default:
        return useOperand
          ? { values: [''], perElement: false }
          : { values: [operand()], perElement: false };
    }
  }
  if (values === undefined) {
    if (operation === '@P') hooks.evaluatedAsCode(`: $${name}`);
    return unknown();
  }
  const map = (transform: (value: string) => string): ExpandedParameter => ({
    values: values.map(transform),
    perElement: base.perElement,
  });
  const removal = /^(##?|%%?)([\s\S]*)$/.exec(operation);
  if (removal) {
    const operandValue = hooks.evaluateOperand(removal[2]!);
    if (operandValue.includes(DYNAMIC)) return unknown();
    const glob = globToRegExp(operandValue);
    const greedy = removal[1]!.length === 2;
    const front = removal[1]![0] === '#';
    return map((value) => removeMatch(value, glob, front, greedy));
  }
  const substitution = /^\/([/#%]?)((?:\\.|[^/])*)(?:\/([\s\S]*))?$/.exec(operation);
  if (substitution) {
    const [, mode, search, replacement] = substitution as unknown as [
      string,
      string,
      string,
      string | undefined,
    ];
    const from = hooks.evaluateOperand(search);
    const to = hooks.evaluateOperand(replacement ?? '');
    if (from.includes(DYNAMIC) || to.includes(DYNAMIC)) return unknown();
    const regexp = globToRegExp(from).source;
    const anchored = mode === '#' ? `^(?:${regexp})` : mode === '%' ? `(?:${regexp})$` : regexp;
    const flags = mode === '/' ? 'g' : '';
    return map((value) => value.replace(new RegExp(anchored, flags), () => to));
  }
  switch (operation) {
    case '^^':
    case '@U':
      return map((value) => value.toUpperCase());
    case ',,':
    case '@L':
      return map((value) => value.toLowerCase());
    case '^':
    case '@u':
      return map((value) => value.charAt(0).toUpperCase() + value.slice(1));
    case ',':
      return map((value) => value.charAt(0).toLowerCase() + value.slice(1));
    case '~~':
      return map((value) => [...value].map(toggleCase).join(''));
    case '~':
      return map((value) => toggleCase(value.charAt(0)) + value.slice(1));
    case '@E':
      return map((value) => decodeAnsiC(value));
    case '@Q':
    case '@A':
    case '@K':
    case '@a':
      return unknown();
    case '@P':
      for (const value of values) hooks.evaluatedAsCode(`: ${value}`);
      return unknown();
    default:
      break;
  }
  // `${x:OFFSET}`, `${x:OFFSET:LENGTH}`: both are arithmetic (an empty offset is 0); a variable
  // in them whose value holds a subscript with a substitution runs it.
  const substring = /^:(?![-=?+])([^:]*)(?::([\s\S]*))?$/.exec(operation);
  if (substring) {
    const arithmetic = (text: string) => {
      for (const name of text.match(/[A-Za-z_]\w*/g) ?? []) {
        const value = scope.get(name)?.join(' ');
        if (value && /\[[\s\S]*[$`]/.test(value)) hooks.evaluatedAsCode(`: ${value}`);
      }
      if (/[$`]/.test(text)) hooks.evaluatedAsCode(`: ${text}`);
      return evaluateArithmetic(text, (name) => {
        const value = scope.get(name)?.join(' ');
        return value === undefined || value.includes(DYNAMIC) ? undefined : value;
      });
    };
    const offset = arithmetic(substring[1]!);
    const size = substring[2] === undefined ? undefined : arithmetic(substring[2]);
    if (offset === undefined || (substring[2] !== undefined && size === undefined))
      return unknown();
    const start = Number(offset);
    const length = size === undefined ? undefined : Number(size);
    return map((value) => {
      const from = start < 0 ? Math.max(0, value.length + start) : start;
      const to =
        length === undefined ? value.length : length < 0 ? value.length + length : from + length;
      return value.slice(from, to);
    });
  }
  if (/[$`]/.test(operation)) hooks.evaluatedAsCode(`: ${operation.replace(/^:/, '')}`);
  return unknown();
}

function toggleCase(character: string): string {
  const upper = character.toUpperCase();
  return upper === character ? character.toLowerCase() : upper;
}
