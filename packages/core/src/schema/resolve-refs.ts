import type { JsonSchema } from '../tool/tool';

const maximumDepth = 32;

/**
 * Returns a copy of a JSON Schema with every local `$ref` (`#/$defs/X`, `#/definitions/X`)
 * replaced by what it points to, and `$defs`/`definitions` removed. A reference that points back
 * into itself (a recursive type) is replaced by `{}` (any value) past the first expansion, and
 * symbol keys (TypeBox's markers) are dropped, so the result is plain JSON.
 */
export function resolveLocalRefs(schema: object): JsonSchema {
  return expand(schema, schema as JsonSchema, [], 0) as JsonSchema;
}

function expand(node: unknown, root: JsonSchema, trail: string[], depth: number): unknown {
  if (Array.isArray(node)) return node.map((item) => expand(item, root, trail, depth + 1));
  if (typeof node !== 'object' || node === null) return node;
  if (depth > maximumDepth) return {};
  const record = node as JsonSchema;
  const reference = record.$ref;
  if (typeof reference === 'string') {
    const target = lookUp(root, reference);
    if (target === undefined || trail.includes(reference)) {
      const { $ref: _ignored, ...rest } = record;
      return expand(rest, root, trail, depth + 1);
    }
    const { $ref: _ignored, ...siblings } = record;
    const expanded = expand(target, root, [...trail, reference], depth + 1) as JsonSchema;
    return Object.keys(siblings).length === 0
      ? expanded
      : { ...expanded, ...(expand(siblings, root, trail, depth + 1) as JsonSchema) };
  }
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === '$defs' || key === 'definitions') continue;
    result[key] = expand(value, root, trail, depth + 1);
  }
  return result;
}

function lookUp(root: JsonSchema, reference: string): unknown {
  if (reference === '#') return root;
  if (!reference.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const rawSegment of reference.slice(2).split('/')) {
    const segment = decodeURIComponent(rawSegment).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as JsonSchema)[segment];
  }
  return current;
}
