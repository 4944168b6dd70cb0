import { toCheckableSchema } from '../schema/to-checkable-schema';
import type { JsonSchema } from '../tool/tool';

/**
 * The smallest arguments a tool's schema accepts, as a first guess for the conformance suite:
 * every required property with its default, its `const`, its first `enum` member or the least
 * value of its type (`""`, the minimum or 0, `false`, `[]`, a minimal object).
 */
export function minimalInput(parameters: object): Record<string, unknown> {
  try {
    const value = minimalValue(toCheckableSchema(parameters));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function minimalValue(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 16) return undefined;
  const node = schema as JsonSchema;
  if (node.default !== undefined) return structuredClone(node.default);
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum[0];
  const members = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(members)) return minimalValue(members[0], depth + 1);
  switch (node.type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      for (const key of Array.isArray(node.required) ? (node.required as string[]) : []) {
        result[key] = minimalValue(properties[key], depth + 1) ?? null;
      }
      return result;
    }
    case 'array':
      return [];
    case 'string':
      return 'x'.repeat(typeof node.minLength === 'number' ? node.minLength : 0);
    case 'number':
    case 'integer':
      return typeof node.minimum === 'number' ? node.minimum : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}
