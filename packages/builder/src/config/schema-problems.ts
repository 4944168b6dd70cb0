import { findClosestName, type JsonSchema } from '@tinyelf/core';

/**
 * What is wrong with a configuration value against a JSON Schema, one line per place, in words a
 * person can act on: `shell.sandbox must be one of "auto", "bubblewrap", "none"; got "bwrap"`,
 * `plugin: unknown key (did you mean "plugins"?)`, `shell.execTimeout must be a whole number; got
 * "soon"`. Keys an object schema does not list are errors unless it allows them
 * (`additionalProperties` or `patternProperties`): a misspelt option is never silently ignored.
 */
export function schemaProblems(value: unknown, schema: unknown, path: string): string[] {
  if (schema === true || schema === undefined) return [];
  if (schema === false) return [`${label(path)} is not allowed here`];
  const node = schema as JsonSchema;
  const choices = choiceValues(node);
  if (choices) {
    return choices.some((choice) => Object.is(choice, value))
      ? []
      : [`${label(path)} must be one of ${choices.map(show).join(', ')}; got ${show(value)}`];
  }
  if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf))
    return unionProblems(value, (node.anyOf ?? node.oneOf) as JsonSchema[], path);
  if (node.type !== undefined && !matchesType(value, node.type))
    return [`${label(path)} must be ${typeWords(node.type)}; got ${show(value)}`];
  if (typeof value === 'string') {
    if (typeof node.minLength === 'number' && value.length < node.minLength)
      return [`${label(path)} must not be empty`];
  }
  if (typeof value === 'number') {
    if (typeof node.minimum === 'number' && value < node.minimum)
      return [`${label(path)} must be at least ${node.minimum}; got ${value}`];
    if (typeof node.maximum === 'number' && value > node.maximum)
      return [`${label(path)} must be at most ${node.maximum}; got ${value}`];
  }
  if (Array.isArray(value) && node.items !== undefined && !Array.isArray(node.items))
    return value.flatMap((item, index) => schemaProblems(item, node.items, `${path}.${index}`));
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return objectProblems(value as Record<string, unknown>, node, path);
  return [];
}

function objectProblems(value: Record<string, unknown>, node: JsonSchema, path: string): string[] {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const patterns = Object.entries((node.patternProperties ?? {}) as Record<string, unknown>);
  const problems: string[] = [];
  for (const name of (node.required as string[] | undefined) ?? []) {
    if (value[name] === undefined) problems.push(`${label(join(path, name))} is required`);
  }
  for (const [key, child] of Object.entries(value)) {
    const at = join(path, key);
    if (key in properties) {
      problems.push(...schemaProblems(child, properties[key], at));
      continue;
    }
    const pattern = patterns.find(([source]) => new RegExp(source, 'u').test(key));
    if (pattern) problems.push(...schemaProblems(child, pattern[1], at));
    else if (node.additionalProperties !== undefined && node.additionalProperties !== false)
      problems.push(...schemaProblems(child, node.additionalProperties, at));
    else if (patterns.length === 0 && (node.properties || node.additionalProperties === false))
      problems.push(unknownKey(at, key, Object.keys(properties)));
  }
  return problems;
}

/** `plugin: unknown key (did you mean "plugins"?)`, or the keys allowed there. */
export function unknownKey(path: string, key: string, known: readonly string[]): string {
  const closest = findClosestName(key, known);
  if (closest) return `${label(path)}: unknown key (did you mean "${closest}"?)`;
  return `${label(path)}: unknown key; the keys allowed here are ${known.length ? known.join(', ') : 'none'}`;
}

function unionProblems(value: unknown, options: JsonSchema[], path: string): string[] {
  const outcomes = options.map((option) => schemaProblems(value, option, path));
  if (outcomes.some((problems) => problems.length === 0)) return [];
  // The option of the value's own kind with the fewest problems explains best (an object entry
  // with a misspelt key, a `kind` naming which option it meant).
  const sameKind = options
    .map((option, index) => ({ option, problems: outcomes[index]! }))
    .filter(({ option }) => option.type !== undefined && matchesType(value, option.type))
    .sort((a, b) => a.problems.length - b.problems.length);
  if (sameKind[0]) return sameKind[0].problems;
  const words = options.map(
    (option) => choiceValues(option)?.map(show).join(', ') ?? typeWords(option.type),
  );
  return [`${label(path)} must be ${words.join(' or ')}; got ${show(value)}`];
}

/** The fixed values of `enum`, `const` or a union of those; undefined for any other schema. */
function choiceValues(node: JsonSchema): unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum;
  if ('const' in node) return [node.const];
  const options = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(options) || options.length === 0) return undefined;
  const values = options.map(choiceValues);
  return values.every((list) => list !== undefined) ? values.flat() : undefined;
}

function matchesType(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((each) => {
    switch (each) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'integer':
        return Number.isInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'null':
        return value === null;
      case 'array':
        return Array.isArray(value);
      case 'object':
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      default:
        return true;
    }
  });
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
  array: 'a list',
  object: 'an object',
};

function typeWords(type: unknown): string {
  const types = (Array.isArray(type) ? type : [type]) as string[];
  return types.map((each) => typeNames[each] ?? String(each)).join(' or ');
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function label(path: string): string {
  return path || 'the configuration';
}
