import { resolveLocalRefs } from '../schema/resolve-refs';
import type { ITool, JsonSchema } from '../tool/tool';

/** A tool in the OpenAI function-calling format (Chat Completions and compatible servers). */
export interface OpenAIToolDefinition {
  /** Always `function` for a function tool. */
  readonly type: 'function';
  /** The function's name, description and parameters. */
  readonly function: {
    /** The tool's name. */
    readonly name: string;
    /** What the model reads about the tool. */
    readonly description: string;
    /** The parameters as plain JSON Schema. */
    readonly parameters: JsonSchema;
  };
}

/** A tool in the Anthropic Messages API format. */
export interface AnthropicToolDefinition {
  /** The tool's name. */
  readonly name: string;
  /** What the model reads about the tool. */
  readonly description: string;
  /** The parameters as plain JSON Schema. */
  readonly input_schema: JsonSchema;
}

/** A function declaration in the Gemini API format (an OpenAPI subset of JSON Schema). */
export interface GeminiFunctionDeclaration {
  /** The tool's name. */
  readonly name: string;
  /** What the model reads about the tool. */
  readonly description: string;
  /** The parameters in Gemini's Schema subset ($refs inlined, unsupported keywords dropped). */
  readonly parameters: JsonSchema;
}

/** The definition formats {@link ToolRegistry.getDefinitions} can produce. */
export type DefinitionFormat = 'openai' | 'anthropic' | 'gemini';

/** Maps each format to the shape of one definition. */
export interface DefinitionByFormat {
  /** OpenAI Chat Completions (and compatible servers). */
  openai: OpenAIToolDefinition;
  /** Anthropic Messages API. */
  anthropic: AnthropicToolDefinition;
  /** Gemini `functionDeclarations`. */
  gemini: GeminiFunctionDeclaration;
}

/** Converts a tool to the given provider format; the schema becomes plain JSON. */
export function toDefinition<Format extends DefinitionFormat>(
  tool: ITool,
  format: Format,
): DefinitionByFormat[Format] {
  const native = tool.providerDefinitions?.[format];
  if (native) return JSON.parse(JSON.stringify(native)) as DefinitionByFormat[Format];
  const parameters = toPlainJson(tool.parameters);
  switch (format) {
    case 'anthropic':
      return {
        name: tool.name,
        description: tool.description,
        input_schema: parameters,
      } as DefinitionByFormat[Format];
    case 'gemini':
      return {
        name: tool.name,
        description: tool.description,
        parameters: toGeminiSchema(parameters),
      } as DefinitionByFormat[Format];
    default:
      return {
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters },
      } as DefinitionByFormat[Format];
  }
}

function toPlainJson(schema: object): JsonSchema {
  return JSON.parse(JSON.stringify(schema ?? { type: 'object', properties: {} })) as JsonSchema;
}

const geminiKeywords = new Set([
  'type',
  'description',
  'title',
  'nullable',
  'enum',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minProperties',
  'maxProperties',
  'anyOf',
  'format',
  'propertyOrdering',
]);
const geminiFormats = new Set(['enum', 'date-time', 'int32', 'int64', 'float', 'double']);

/**
 * Rewrites a JSON Schema into what the Gemini API accepts: `$ref`s inlined and `$defs` removed,
 * `const` turned into a one-value `enum`, `["string", "null"]` into `nullable`, and every keyword
 * Gemini rejects (`additionalProperties`, `$schema`, `default`, `oneOf`, `allOf`, ...) dropped.
 */
export function toGeminiSchema(schema: object): JsonSchema {
  return clean(resolveLocalRefs(schema));
}

function clean(node: JsonSchema): JsonSchema {
  const source: JsonSchema = { ...node };
  if ('const' in source) {
    source.enum = [source.const];
    delete source.const;
  }
  if (Array.isArray(source.oneOf) && !source.anyOf) source.anyOf = source.oneOf;
  if (Array.isArray(source.allOf) && source.allOf.length > 0) {
    const { allOf, ...own } = source;
    Object.assign(source, mergeAllOf([own, ...(allOf as JsonSchema[])]));
  }
  if (Array.isArray(source.type)) {
    const types = (source.type as string[]).filter((type) => type !== 'null');
    if (types.length < source.type.length) source.nullable = true;
    source.type = types[0] ?? 'string';
  }
  if (Array.isArray(source.enum)) {
    const values = source.enum.filter((value) => value !== null);
    if (values.length < source.enum.length) source.nullable = true;
    if (values.every((value) => typeof value === 'string')) {
      source.enum = values;
      source.type ??= 'string';
    } else {
      delete source.enum;
    }
  }
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (!geminiKeywords.has(key)) continue;
    if (key === 'format' && !geminiFormats.has(value as string)) continue;
    if (key === 'properties') {
      const properties: JsonSchema = {};
      for (const [name, property] of Object.entries(value as JsonSchema)) {
        properties[name] = clean(property as JsonSchema);
      }
      result.properties = properties;
    } else if (key === 'items') {
      result.items = Array.isArray(value)
        ? clean((value[0] ?? {}) as JsonSchema)
        : clean(value as JsonSchema);
    } else if (key === 'anyOf') {
      result.anyOf = (value as JsonSchema[]).map(clean);
    } else {
      result[key] = value;
    }
  }
  if (Array.isArray(result.required) && result.properties) {
    const names = result.properties as JsonSchema;
    result.required = (result.required as string[]).filter((name) => name in names);
  }
  return result;
}

function mergeAllOf(parts: JsonSchema[]): JsonSchema {
  const merged: JsonSchema = { properties: {}, required: [] };
  for (const part of parts) {
    if (part.type) merged.type = part.type;
    Object.assign(merged.properties as JsonSchema, part.properties ?? {});
    (merged.required as string[]).push(...((part.required as string[]) ?? []));
  }
  return merged;
}
