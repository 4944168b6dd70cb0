import { evaluateArithmetic } from './arithmetic-value';
import type { ExpandedParameter } from './parameter-expansion';
import type { ShellScope } from './shell-scope';
import { DYNAMIC } from './shell-word';

/** A variable's value, with a subscript (`[N]`, arithmetic, a key of an associative array, `[@]`). */
export function lookup(
  name: string,
  subscript: string | undefined,
  scope: ShellScope,
): ExpandedParameter {
  const values = scope.get(name);
  if (name === '@' || name === '*') return { values, perElement: name === '@' };
  if (subscript === undefined)
    return { values: values === undefined ? undefined : [values[0] ?? ''], perElement: false };
  if (values === undefined) return unknown();
  const index = subscript.slice(1, -1);
  if (index === '@' || index === '*') return { values, perElement: index === '@' };
  const keys = scope.get(`keys:${name}`);
  if (keys) {
    const at = keys.indexOf(index.replace(/^(["'])(.*)\1$/, '$2'));
    return at === -1 ? unknown() : { values: [values[at] ?? ''], perElement: false };
  }
  if (/^\d+$/.test(index)) return { values: [values[Number(index)] ?? ''], perElement: false };
  // An indexed array's subscript is arithmetic (`${a[i]}`, `${a[i+1]}`).
  const position = evaluateArithmetic(index, (variable) => {
    const value = scope.get(variable)?.join(' ');
    return value === undefined || value.includes(DYNAMIC) ? undefined : value;
  });
  if (position !== undefined && /^-?\d+$/.test(String(position)))
    return { values: [values.at(Number(position)) ?? ''], perElement: false };
  return unknown();
}

export function isKnownSpecial(name: string): boolean {
  return ['HOME', 'IFS', 'PWD', '0', '#', '@', '*'].includes(name) || /^[1-9]\d*$/.test(name);
}

export function unknown(): ExpandedParameter {
  return { values: undefined, perElement: false };
}
