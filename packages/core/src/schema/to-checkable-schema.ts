import type { JsonSchema } from '../tool/tool';
import { resolveLocalRefs } from './resolve-refs';
import { isTypeBoxSchema } from './typebox-runtime';

type Literal = string | number | boolean;

/**
 * Turns a tool's parameters (plain JSON Schema as MCP servers and hand-written tools send, or a
 * `@sinclair/typebox` 0.34 schema) into plain JSON Schema that TypeBox 1.x's schema compiler and
 * the coercion plan read alike: local `$ref`s inlined, `enum` and `type` lists turned into
 * `anyOf`. A `typebox` 1.x schema without `$ref`s is returned unchanged. Keywords that would fail
 * every call rather than check something (`format`, a `pattern` that is not a valid regular
 * expression) are dropped; unknown shapes accept any value.
 */
export function toCheckableSchema(schema: object): JsonSchema {
  if (isTypeBoxSchema(schema) && !containsRefs(schema)) return schema as JsonSchema;
  return convert(resolveLocalRefs(schema));
}

function containsRefs(schema: unknown): boolean {
  return JSON.stringify(schema).includes('"$ref"');
}

function convert(schema: unknown): JsonSchema {
  if (schema === true || typeof schema !== 'object' || schema === null) return {};
  const node = schema as JsonSchema;
  const options = annotations(node);

  if ('const' in node && isLiteral(node.const)) return literal(node.const, options);
  if (Array.isArray(node.enum)) {
    const members = node.enum.map((value) =>
      value === null ? { type: 'null' } : isLiteral(value) ? literal(value, {}) : {},
    );
    return members.length === 1 ? members[0]! : { anyOf: members, ...options };
  }
  const alternatives = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return { anyOf: alternatives.map(convert), ...options };
  }
  if (Array.isArray(node.allOf) && node.allOf.length > 0) {
    const parts = node.allOf.map(convert);
    return parts.length === 1 ? parts[0]! : { allOf: parts, ...options };
  }
  if (Array.isArray(node.type)) {
    const members = node.type.map((type) => convert({ ...node, type }));
    return members.length === 1 ? members[0]! : { anyOf: members, ...options };
  }

  switch (node.type ?? (node.properties ? 'object' : node.items ? 'array' : undefined)) {
    case 'object': {
      const properties: JsonSchema = {};
      for (const [key, value] of Object.entries((node.properties ?? {}) as JsonSchema)) {
        properties[key] = convert(value);
      }
      const required = Array.isArray(node.required)
        ? (node.required as unknown[]).filter((key) => typeof key === 'string')
        : [];
      const additional = node.additionalProperties;
      return {
        ...options,
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        ...(additional === false
          ? { additionalProperties: false }
          : typeof additional === 'object' && additional !== null
            ? { additionalProperties: convert(additional) }
            : {}),
      };
    }
    case 'array':
      return {
        ...options,
        ...pick(node, ['minItems', 'maxItems', 'uniqueItems']),
        type: 'array',
        items: Array.isArray(node.items) || node.items === undefined ? {} : convert(node.items),
      };
    case 'string':
      return { ...options, ...pick(node, ['minLength', 'maxLength', 'pattern']), type: 'string' };
    case 'number':
    case 'integer':
      return {
        ...options,
        ...pick(node, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']),
        type: node.type,
      };
    case 'boolean':
      return { ...options, type: 'boolean' };
    case 'null':
      return { ...options, type: 'null' };
    default:
      return options;
  }
}

function literal(value: Literal, options: JsonSchema): JsonSchema {
  return { ...options, type: typeof value, const: value };
}

function annotations(node: JsonSchema): JsonSchema {
  return pick(node, ['description', 'default', 'title']);
}

function pick(node: JsonSchema, keys: readonly string[]): JsonSchema {
  const result: JsonSchema = {};
  for (const key of keys) if (node[key] !== undefined) result[key] = node[key];
  if (typeof result.pattern === 'string' && !isValidPattern(result.pattern)) delete result.pattern;
  return result;
}

function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function isLiteral(value: unknown): value is Literal {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
