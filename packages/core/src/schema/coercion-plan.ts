import type { JsonSchema } from '../tool/tool';

/** Repairs one value against one schema node; returns the value unchanged when it cannot. */
export type Coerce = (value: unknown) => unknown;

const unchanged: Coerce = (value) => value;

/**
 * Plans, once per schema, how to repair the mistakes models make without losing information
 * (the table in core's README). A repair is made only when the value can be read back exactly:
 * - a string holding JSON text becomes the number, boolean, null, array or object it encodes,
 *   where the schema wants that (`"5"`, `"true"`, `"[1,2]"`; an integer only from an integer);
 * - a number or boolean becomes its text where the schema wants a string (`5` to `"5"`);
 * - a single value becomes a one-item array where the schema wants an array;
 * - `null` for an optional property that cannot be null is removed (not given);
 * - a missing property with a `default` gets a copy of it.
 * Nothing else changes: `2.5` for an integer, `"true"` for a number, `"yes"` for a boolean stay
 * as sent, for validation to report. Objects and arrays are repaired in place, so the caller
 * passes a copy of what the model sent.
 */
export function planCoercion(schema: unknown): Coerce {
  if (typeof schema !== 'object' || schema === null) return unchanged;
  const node = schema as JsonSchema;
  const members = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(members)) return planUnion(members);
  if (Array.isArray(node.allOf)) {
    const parts = node.allOf.map(planCoercion);
    return (value) => parts.reduce((current, part) => part(current), value);
  }
  if ('const' in node) return toLiteral([node.const]);
  if (Array.isArray(node.enum)) return toLiteral(node.enum);
  switch (node.type) {
    case 'object':
      return planObject(node);
    case 'array':
      return planArray(node);
    case 'integer':
      return (value) => {
        const parsed = parseNumber(value);
        return Number.isInteger(parsed) ? parsed : value;
      };
    case 'number':
      return (value) => parseNumber(value) ?? value;
    case 'boolean':
      return (value) => (value === 'true' ? true : value === 'false' ? false : value);
    case 'null':
      return (value) => (value === 'null' ? null : value);
    case 'string':
      return (value) =>
        typeof value === 'number' || typeof value === 'boolean' ? JSON.stringify(value) : value;
    default:
      return unchanged;
  }
}

function planObject(node: JsonSchema): Coerce {
  const required = new Set(Array.isArray(node.required) ? (node.required as unknown[]) : []);
  const properties = Object.entries((node.properties ?? {}) as Record<string, unknown>).map(
    ([key, property]) => ({
      key,
      coerce: planCoercion(property),
      dropNull: !required.has(key) && !acceptsNull(property),
      fallback: (property as JsonSchema | undefined)?.default,
    }),
  );
  return (value) => {
    const record = typeof value === 'string' ? parseJson(value, '{') : value;
    if (!isRecord(record)) return value;
    for (const { key, coerce, dropNull, fallback } of properties) {
      if (!Object.hasOwn(record, key)) {
        if (fallback !== undefined) setOwn(record, key, structuredClone(fallback));
      } else if (record[key] === null && dropNull) {
        delete record[key];
        if (fallback !== undefined) setOwn(record, key, structuredClone(fallback));
      } else {
        record[key] = coerce(record[key]);
      }
    }
    return record;
  };
}

function planArray(node: JsonSchema): Coerce {
  const items = node.items;
  const coerceItem =
    typeof items === 'object' && items !== null && !Array.isArray(items)
      ? planCoercion(items)
      : unchanged;
  return (value) => {
    if (value === null || value === undefined) return value;
    const parsed = typeof value === 'string' ? parseJson(value, '[') : undefined;
    const list = Array.isArray(value) ? value : Array.isArray(parsed) ? parsed : [value];
    for (let index = 0; index < list.length; index++) list[index] = coerceItem(list[index]);
    return list;
  };
}

/**
 * A union: an array or object goes to the first member that takes its kind; any other value is
 * left alone when a member takes it as it is, else gets the first member's repair that applies.
 */
function planUnion(members: unknown[]): Coerce {
  const plans = members.map(planCoercion);
  return (value) => {
    if (typeof value === 'object' && value !== null) {
      const index = members.findIndex((member) => takesAsIs(member, value));
      return index >= 0 ? plans[index]!(value) : value;
    }
    if (members.some((member) => takesAsIs(member, value))) return value;
    for (const plan of plans) {
      const repaired = plan(value);
      if (repaired !== value) return repaired;
    }
    return value;
  };
}

/** A `const` or `enum`: a value whose JSON text is a member (or the text of one) becomes it. */
function toLiteral(allowed: readonly unknown[]): Coerce {
  return (value) => {
    if (allowed.includes(value)) return value;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    for (const member of allowed) {
      if (member === text || (typeof member !== 'string' && JSON.stringify(member) === text)) {
        return member;
      }
    }
    return value;
  };
}

function takesAsIs(schema: unknown, value: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  const node = schema as JsonSchema;
  if ('const' in node) return node.const === value;
  if (Array.isArray(node.enum)) return node.enum.includes(value);
  const members = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(members)) return members.some((member) => takesAsIs(member, value));
  switch (node.type) {
    case undefined:
      return true;
    case 'integer':
      return Number.isInteger(value);
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return typeof value === node.type;
  }
}

function acceptsNull(schema: unknown): boolean {
  return takesAsIs(schema, null);
}

const jsonNumber = /^\s*-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\s*$/;

/** The number a string holds as JSON text (`"5"`, `"-2.5e3"`), or `undefined`. */
function parseNumber(value: unknown): number | undefined {
  return typeof value === 'string' && jsonNumber.test(value) ? Number(value) : undefined;
}

/**
 * What JSON text starting with `opening` (`[` or `{`) parses to, or `undefined` when it is
 * something else (checked first: a thrown SyntaxError costs microseconds).
 */
function parseJson(text: unknown, opening: '[' | '{'): unknown {
  if (typeof text !== 'string' || text.trimStart()[0] !== opening) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sets an own property, even one named `__proto__` (which plain assignment would not). */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    record[key] = value;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
