import type { TSchema } from '@sinclair/typebox';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { JsonSchema } from '../tool/tool';
import { toTypeBoxSchema } from './json-schema-to-typebox';
import type { TypeBoxRuntime } from './typebox-runtime';

/** One bad parameter: where it is (`path`, `items.0`) and what was wrong and expected. */
export interface ArgumentIssue {
  readonly path: string;
  readonly message: string;
}

/** The outcome of {@link ArgumentValidator.validate}. */
export type ArgumentValidation =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly ArgumentIssue[] };

/**
 * Checks and coerces a tool's arguments against its schema, compiled once. Valid input passes a
 * compiled check and is returned as is; input that fails is copied and repaired the way models
 * get it wrong (`"5"` for 5, `"true"` for true, a JSON string for an array or object, a single
 * value for a one-item array, a number for a string), defaults are applied, excess properties
 * dropped where the schema forbids them, and the result is checked again.
 */
export class ArgumentValidator {
  private readonly schema: TSchema;
  private readonly check: TypeCheck<TSchema>;
  private readonly hasDefaults: boolean;

  constructor(
    parameters: JsonSchema,
    private readonly runtime: TypeBoxRuntime,
  ) {
    this.schema = toTypeBoxSchema(parameters, runtime);
    this.check = runtime.TypeCompiler.Compile(this.schema);
    this.hasDefaults = JSON.stringify(this.schema).includes('"default":');
  }

  /** Validates (and, where needed, coerces) the raw arguments a model sent. */
  validate(input: unknown): ArgumentValidation {
    const normalized = normalizeArguments(input);
    if (!normalized.ok) return normalized;
    const original = normalized.value;
    const { Value } = this.runtime;
    if (this.check.Check(original)) {
      if (!this.hasDefaults) return { ok: true, value: original };
      const withDefaults = Value.Default(this.schema, Value.Clone(original));
      return { ok: true, value: withDefaults as Record<string, unknown> };
    }

    let value = Value.Clone(original) as Record<string, unknown>;
    parseJsonStrings(this.schema, value);
    value = Value.Convert(this.schema, value) as Record<string, unknown>;
    value = Value.Default(this.schema, value) as Record<string, unknown>;
    if (this.check.Check(value)) return { ok: true, value };
    value = Value.Clean(this.schema, value) as Record<string, unknown>;
    if (this.check.Check(value)) return { ok: true, value };
    return { ok: false, issues: this.describeErrors(value) };
  }

  private describeErrors(value: unknown): ArgumentIssue[] {
    const issues: ArgumentIssue[] = [];
    const seen = new Set<string>();
    for (const error of this.check.Errors(value)) {
      const path = formatPath(error.path);
      if (seen.has(path)) continue;
      seen.add(path);
      const expected = describeSchema(error.schema);
      issues.push({
        path,
        message:
          error.value === undefined
            ? `missing required parameter (expected ${expected})`
            : `expected ${expected}, got ${preview(error.value)}`,
      });
    }
    return issues;
  }
}

function normalizeArguments(input: unknown): ArgumentValidation {
  let value = input;
  if (value === undefined || value === null) return { ok: true, value: {} };
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return { ok: true, value: {} };
    try {
      value = JSON.parse(text);
    } catch {
      return rootIssue(`the arguments must be a JSON object, got text that is not JSON`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return rootIssue(
      `the arguments must be a JSON object of named parameters, got ${kindOf(value)}`,
    );
  }
  return { ok: true, value: value as Record<string, unknown> };
}

function rootIssue(message: string): ArgumentValidation {
  return { ok: false, issues: [{ path: '(arguments)', message }] };
}

/** Replaces JSON text with the array or object it encodes where the schema wants one. */
function parseJsonStrings(schema: TSchema, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const node = schema as JsonSchema;
  if (Array.isArray(value)) {
    const items = node.items as TSchema | undefined;
    if (items && typeof items === 'object') {
      for (let index = 0; index < value.length; index++) {
        value[index] = parseIfWanted(items, value[index]);
        parseJsonStrings(items, value[index]);
      }
    }
    return;
  }
  const properties = node.properties as Record<string, TSchema> | undefined;
  if (!properties) return;
  const record = value as Record<string, unknown>;
  for (const [key, property] of Object.entries(properties)) {
    if (!(key in record)) continue;
    record[key] = parseIfWanted(property, record[key]);
    parseJsonStrings(property, record[key]);
  }
}

function parseIfWanted(schema: TSchema, value: unknown): unknown {
  const type = (schema as JsonSchema).type;
  if (typeof value !== 'string' || (type !== 'array' && type !== 'object')) return value;
  const text = value.trim();
  if (!(text.startsWith('[') || text.startsWith('{'))) return value;
  try {
    const parsed: unknown = JSON.parse(text);
    if (type === 'array' && Array.isArray(parsed)) return parsed;
    if (type === 'object' && typeof parsed === 'object' && parsed && !Array.isArray(parsed)) {
      return parsed;
    }
  } catch {
    // Not JSON after all: leave the string for validation to report.
  }
  return value;
}

function formatPath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '(arguments)';
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** A short description of what a schema accepts, for error messages. */
export function describeSchema(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'any value';
  const node = schema as JsonSchema;
  if ('const' in node) return JSON.stringify(node.const);
  const members = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(members)) {
    const described = members.map(describeSchema);
    return described.length > 8
      ? `one of ${described.slice(0, 8).join(' | ')} | …`
      : `one of ${described.join(' | ')}`;
  }
  if (Array.isArray(node.enum))
    return `one of ${node.enum.map((v) => JSON.stringify(v)).join(' | ')}`;
  switch (node.type) {
    case 'array':
      return `an array of ${describeSchema(node.items)}`;
    case 'object':
      return 'an object';
    case 'integer':
      return withLimits('an integer', node);
    case 'number':
      return withLimits('a number', node);
    case 'string':
      return withLimits('a string', node);
    case 'boolean':
      return 'a boolean (true or false)';
    case 'null':
      return 'null';
    default:
      return 'any value';
  }
}

function withLimits(base: string, node: JsonSchema): string {
  const limits: string[] = [];
  if (node.minimum !== undefined) limits.push(`>= ${node.minimum}`);
  if (node.exclusiveMinimum !== undefined) limits.push(`> ${node.exclusiveMinimum}`);
  if (node.maximum !== undefined) limits.push(`<= ${node.maximum}`);
  if (node.exclusiveMaximum !== undefined) limits.push(`< ${node.exclusiveMaximum}`);
  if (node.minLength !== undefined) limits.push(`at least ${node.minLength} characters`);
  if (node.maxLength !== undefined) limits.push(`at most ${node.maxLength} characters`);
  if (node.pattern !== undefined) limits.push(`matching /${node.pattern}/`);
  return limits.length ? `${base} (${limits.join(', ')})` : base;
}

function preview(value: unknown): string {
  const kind = kindOf(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  if (text.length > 60) text = `${text.slice(0, 57)}...`;
  return `${kind} ${text}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isInteger(value) ? 'an integer' : 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
