import type { TSchema } from 'typebox';
import type { JsonSchema } from '../tool/tool';
import { resolveLocalRefs } from './resolve-refs';
import { isTypeBoxSchema, type TypeBoxRuntime } from './typebox-runtime';

type Literal = string | number | boolean;

/**
 * Turns a plain JSON Schema (as MCP servers and hand-written tools send, or a
 * `@sinclair/typebox` 0.34 schema) into a `typebox` 1.x schema that TypeBox's compiler, `Convert`
 * and `Default` understand. A schema that already is a `typebox` 1.x schema is returned unchanged. Keywords TypeBox cannot check (such as `format`)
 * are dropped rather than failing every call; unknown shapes accept any value.
 */
export function toTypeBoxSchema(schema: object, runtime: TypeBoxRuntime): TSchema {
  if (isTypeBoxSchema(schema) && !containsRefs(schema)) return schema as TSchema;
  return convert(resolveLocalRefs(schema), runtime);
}

function containsRefs(schema: unknown): boolean {
  return JSON.stringify(schema).includes('"$ref"');
}

function convert(schema: unknown, runtime: TypeBoxRuntime): TSchema {
  const { Type } = runtime;
  if (schema === true || typeof schema !== 'object' || schema === null) return Type.Unknown();
  const node = schema as JsonSchema;
  const options = annotations(node);

  if ('const' in node && isLiteral(node.const)) return Type.Literal(node.const, options);
  if (Array.isArray(node.enum)) {
    const members = node.enum.map((value) =>
      value === null ? Type.Null() : isLiteral(value) ? Type.Literal(value) : Type.Unknown(),
    );
    return members.length === 1 ? members[0]! : Type.Union(members, options);
  }
  const alternatives = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return Type.Union(
      alternatives.map((item) => convert(item, runtime)),
      options,
    );
  }
  if (Array.isArray(node.allOf) && node.allOf.length > 0) {
    const parts = node.allOf.map((item) => convert(item, runtime));
    return parts.length === 1 ? parts[0]! : Type.Intersect(parts, options);
  }
  if (Array.isArray(node.type)) {
    const members = node.type.map((type) => convert({ ...node, type }, runtime));
    return members.length === 1 ? members[0]! : Type.Union(members, options);
  }

  switch (node.type ?? (node.properties ? 'object' : node.items ? 'array' : undefined)) {
    case 'object': {
      const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
      const properties: Record<string, TSchema> = {};
      for (const [key, value] of Object.entries((node.properties ?? {}) as JsonSchema)) {
        const property = convert(value, runtime);
        properties[key] = required.has(key) ? property : Type.Optional(property);
      }
      const additional = node.additionalProperties;
      return Type.Object(properties, {
        ...options,
        ...(additional === false
          ? { additionalProperties: false }
          : typeof additional === 'object' && additional !== null
            ? { additionalProperties: convert(additional, runtime) }
            : {}),
      });
    }
    case 'array':
      return Type.Array(
        Array.isArray(node.items) || node.items === undefined
          ? Type.Unknown()
          : convert(node.items, runtime),
        { ...options, ...pick(node, ['minItems', 'maxItems', 'uniqueItems']) },
      );
    case 'string':
      return Type.String({ ...options, ...pick(node, ['minLength', 'maxLength', 'pattern']) });
    case 'number':
    case 'integer': {
      const limits = pick(node, [
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'exclusiveMaximum',
        'multipleOf',
      ]);
      return node.type === 'integer'
        ? Type.Integer({ ...options, ...limits })
        : Type.Number({ ...options, ...limits });
    }
    case 'boolean':
      return Type.Boolean(options);
    case 'null':
      return Type.Null(options);
    default:
      return Type.Unknown(options);
  }
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
