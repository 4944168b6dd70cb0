import type { Validator } from 'typebox/schema';
import type { JsonSchema } from '../tool/tool';
import { type Coerce, planCoercion, setOwn } from './coercion-plan';
import { type ArgumentIssue, describeIssues, kindOf } from './describe-issues';
import { toCheckableSchema } from './to-checkable-schema';
import type { TypeBoxRuntime } from './typebox-runtime';

export type { ArgumentIssue } from './describe-issues';

/** The outcome of {@link ArgumentValidator.validate}. */
export type ArgumentValidation =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly ArgumentIssue[] };

/**
 * Checks and coerces a tool's arguments against its schema, compiled once. Valid input passes a
 * compiled check and is returned as is (defaults filled in on a copy). Input that fails is
 * copied and repaired the way models get it wrong, without losing information (see the table in
 * core's README): `"5"` for 5, `"true"` for true, JSON text for an array or object, a single
 * value for a one-item array, a number or boolean for a string, `null` for an optional
 * parameter. Anything else (`2.5` for an integer, `"true"` for a number, an unknown property
 * where the schema has `additionalProperties: false`) is an issue the model can fix.
 */
export class ArgumentValidator {
  private readonly schema: JsonSchema;
  private readonly validator: Validator;
  private readonly coerce: Coerce;
  private readonly hasDefaults: boolean;

  /** Compiles `parameters` (any JSON Schema object, TypeBox 0.34 and 1.x schemas included). */
  constructor(parameters: object, runtime: TypeBoxRuntime) {
    this.schema = toCheckableSchema(parameters);
    this.validator = runtime.Compile(this.schema as Parameters<TypeBoxRuntime['Compile']>[0]);
    this.coerce = planCoercion(this.schema);
    this.hasDefaults = JSON.stringify(this.schema).includes('"default":');
  }

  /** Validates (and, where needed, coerces) the raw arguments a model sent. */
  validate(input: unknown): ArgumentValidation {
    const normalized = normalizeArguments(input);
    if (!normalized.ok) return normalized;
    const original = normalized.value;
    const validator = this.validator;
    if (validator.Check(original)) {
      if (!this.hasDefaults) return { ok: true, value: original };
      // On valid input the only repair that applies is filling in defaults.
      return { ok: true, value: this.coerce(cloneJson(original)) as Record<string, unknown> };
    }
    const value = this.coerce(cloneJson(original));
    if (validator.Check(value)) return { ok: true, value: value as Record<string, unknown> };
    const [, errors] = validator.Errors(value);
    return { ok: false, issues: describeIssues(this.schema, value, errors) };
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
      return rootIssue('the arguments must be a JSON object, got text that is not JSON');
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

/** A deep copy of JSON-like data (arrays and plain objects copied, everything else shared). */
function cloneJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(copy, key, cloneJson(item));
  return copy;
}
