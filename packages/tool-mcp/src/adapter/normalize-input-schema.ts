import { type JsonSchema, resolveLocalRefs } from '@tinyelf/core';

/**
 * An MCP tool's input schema made usable by every model provider: an object at the top (anything
 * else becomes an empty object schema), local `$ref`/`$defs` inlined, `$schema` dropped.
 * Provider-specific cleaning is left to core's definition formats.
 */
export function normalizeInputSchema(schema: unknown): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return { type: 'object', properties: {} };
  const resolved = resolveLocalRefs(schema as JsonSchema);
  const { $schema: _schema, ...rest } = resolved;
  if (rest.type !== 'object') return { type: 'object', properties: {} };
  return { ...rest, properties: rest.properties ?? {} };
}
