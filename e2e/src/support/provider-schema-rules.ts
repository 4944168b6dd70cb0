/**
 * The rules each model provider publishes for tool definitions, written down as checks. Each
 * function returns the violations it finds (empty when the definition would be accepted), each
 * naming the tool and the JSON path, so a failing test says exactly what a provider would reject.
 *
 * Sources: OpenAI function calling (`tools[].function`: name `^[a-zA-Z0-9_-]{1,64}$`, parameters a
 * JSON Schema object; `oneOf`, `anyOf`, `allOf`, `enum` and `not` refused at the top level);
 * Anthropic tool use (`name` `^[a-zA-Z0-9_-]{1,64}$`, `input_schema` a JSON Schema of type object,
 * no `oneOf`/`anyOf`/`allOf` at the top level); Gemini `FunctionDeclaration` (name starting with a
 * letter or underscore, then letters, digits, `_ . : -`, at most 64; `parameters` a `Schema`, the
 * select subset of OpenAPI 3.0 listed in {@link GEMINI_SCHEMA_FIELDS}: no `$ref`, `$defs`,
 * `additionalProperties`, `const`, `oneOf`, `allOf`, `not`, `$schema`, type arrays).
 */
type Json = Record<string, unknown>;

const JSON_SCHEMA_TYPES = new Set([
  'object',
  'array',
  'string',
  'number',
  'integer',
  'boolean',
  'null',
]);
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/** The fields of Gemini's `Schema` object (function declaration parameters). */
export const GEMINI_SCHEMA_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);
const GEMINI_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Structural JSON Schema checks every provider needs: known types, `required` names existing properties. */
function jsonSchemaViolations(schema: unknown, path: string): string[] {
  if (!isObject(schema)) return [`${path}: a schema must be an object`];
  const found: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of types)
    if (type !== undefined && !JSON_SCHEMA_TYPES.has(type as string))
      found.push(`${path}.type: "${String(type)}" is not a JSON Schema type`);
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) found.push(`${path}.properties: must be an object`);
    else
      for (const [name, property] of Object.entries(schema.properties))
        found.push(...jsonSchemaViolations(property, `${path}.properties.${name}`));
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required)) found.push(`${path}.required: must be an array`);
    else
      for (const name of schema.required)
        if (!isObject(schema.properties) || !(name in schema.properties))
          found.push(`${path}.required: "${String(name)}" is not a property`);
  }
  if (schema.items !== undefined && !Array.isArray(schema.items))
    found.push(...jsonSchemaViolations(schema.items, `${path}.items`));
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(schema[key]))
      (schema[key] as unknown[]).forEach((branch, index) => {
        found.push(...jsonSchemaViolations(branch, `${path}.${key}[${index}]`));
      });
  return found;
}

function topLevelObject(schema: unknown, path: string, refused: readonly string[]): string[] {
  if (!isObject(schema)) return [`${path}: missing`];
  const found: string[] = [];
  if (schema.type !== 'object') found.push(`${path}.type: must be "object"`);
  for (const key of refused)
    if (key in schema) found.push(`${path}.${key}: not allowed at the top level`);
  return [...found, ...jsonSchemaViolations(schema, path)];
}

/** Violations of OpenAI's rules for one `tools[]` entry of Chat Completions. */
export function openAiViolations(definition: unknown): string[] {
  if (!isObject(definition)) return ['definition: must be an object'];
  if (definition.type !== 'function') {
    // A hosted tool (web_search and the like) has no function schema to check.
    return typeof definition.type === 'string' ? [] : ['type: missing'];
  }
  const fn = definition.function;
  if (!isObject(fn)) return ['function: missing'];
  const name = String(fn.name);
  const found: string[] = [];
  if (!OPENAI_NAME.test(name)) found.push(`${name}: name must match ${OPENAI_NAME}`);
  if (fn.description !== undefined && typeof fn.description !== 'string')
    found.push(`${name}.description: must be a string`);
  found.push(
    ...topLevelObject(fn.parameters, `${name}.parameters`, [
      'oneOf',
      'anyOf',
      'allOf',
      'enum',
      'not',
    ]),
  );
  return found;
}

/** Violations of Anthropic's rules for one `tools[]` entry of the Messages API. */
export function anthropicViolations(definition: unknown): string[] {
  if (!isObject(definition)) return ['definition: must be an object'];
  // A server tool (web_search_20250305) carries its own type and no schema.
  if (typeof definition.type === 'string' && definition.type !== 'custom') return [];
  const name = String(definition.name);
  const found: string[] = [];
  if (!ANTHROPIC_NAME.test(name)) found.push(`${name}: name must match ${ANTHROPIC_NAME}`);
  if (definition.description !== undefined && typeof definition.description !== 'string')
    found.push(`${name}.description: must be a string`);
  found.push(
    ...topLevelObject(definition.input_schema, `${name}.input_schema`, ['oneOf', 'anyOf', 'allOf']),
  );
  return found;
}

function geminiSchemaViolations(schema: unknown, path: string): string[] {
  if (!isObject(schema)) return [`${path}: a schema must be an object`];
  const found: string[] = [];
  for (const key of Object.keys(schema))
    if (!GEMINI_SCHEMA_FIELDS.has(key)) found.push(`${path}.${key}: not a Gemini Schema field`);
  if (schema.type !== undefined) {
    if (typeof schema.type !== 'string')
      found.push(`${path}.type: must be one type name, not ${JSON.stringify(schema.type)}`);
    else if (!GEMINI_TYPES.has(schema.type.toLowerCase()))
      found.push(`${path}.type: "${schema.type}" is not a Gemini type`);
  } else if (schema.anyOf === undefined) found.push(`${path}.type: missing`);
  if (schema.enum !== undefined && !(schema.enum as unknown[]).every((v) => typeof v === 'string'))
    found.push(`${path}.enum: Gemini enums are strings`);
  if (isObject(schema.properties))
    for (const [name, property] of Object.entries(schema.properties))
      found.push(...geminiSchemaViolations(property, `${path}.properties.${name}`));
  if (schema.items !== undefined)
    found.push(...geminiSchemaViolations(schema.items, `${path}.items`));
  if (Array.isArray(schema.anyOf))
    schema.anyOf.forEach((branch, index) => {
      found.push(...geminiSchemaViolations(branch, `${path}.anyOf[${index}]`));
    });
  if (Array.isArray(schema.required) && isObject(schema.properties))
    for (const name of schema.required)
      if (!(name in schema.properties)) found.push(`${path}.required: "${name}" is not a property`);
  return found;
}

/** Violations of Gemini's rules for one `functionDeclarations[]` entry (or a native tool). */
export function geminiViolations(definition: unknown): string[] {
  if (!isObject(definition)) return ['definition: must be an object'];
  if (!('name' in definition)) {
    // A native tool such as { google_search: {} }.
    return Object.keys(definition).length === 1 ? [] : ['definition: not a function declaration'];
  }
  const name = String(definition.name);
  const found: string[] = [];
  if (!GEMINI_NAME.test(name)) found.push(`${name}: name must match ${GEMINI_NAME}`);
  if (definition.parameters !== undefined) {
    const parameters = definition.parameters as Json;
    if (parameters.type !== 'object' && parameters.type !== 'OBJECT')
      found.push(`${name}.parameters.type: must be "object"`);
    found.push(...geminiSchemaViolations(parameters, `${name}.parameters`));
  }
  return found;
}
