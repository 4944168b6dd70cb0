import type { Static } from 'typebox';

/**
 * What a tool's `parameters` may be: any JSON Schema object. That is a plain object literal, an
 * interface-typed schema such as `JSONSchema7` from `@types/json-schema`, a `typebox` 1.x schema
 * (`Type.Object(...)`) or a `@sinclair/typebox` 0.34 schema. The registry needs `type: "object"`
 * at the top, and checks it when the tool is registered.
 */
export type ToolParametersSchema = object;

/**
 * The type of the arguments a schema describes, as `execute` receives them:
 * - a `typebox` 1.x schema: its `Static` type;
 * - a `@sinclair/typebox` 0.34 schema: its `Static` type, read from the schema's own type (no
 *   import of 0.34 is needed);
 * - a JSON Schema written as a literal (inferred with `defineTool`'s `const` type parameter, or
 *   written `as const`): the type TypeBox 1.x infers from JSON Schema;
 * - any other schema (a `JSONSchema7` value, a schema built at run time):
 *   `Record<string, unknown>`. Use `defineJsonSchemaTool<Params>` to name the type yourself.
 */
export type ParametersOf<Schema> = Schema extends TypeBoxKind
  ? Static<Schema>
  : Schema extends LegacyTypeBoxStatic<infer Params>
    ? Params
    : Static<Schema & object> extends infer Inferred
      ? unknown extends Inferred
        ? Record<string, unknown>
        : Inferred
      : never;

/** What marks a `typebox` 1.x schema's type (the value carries it as a hidden property). */
export interface TypeBoxKind {
  /** The kind of TypeBox type: `Object`, `String`, ... */
  readonly '~kind': string;
}

/** What a `@sinclair/typebox` 0.34 schema's type carries: the type of the values it describes. */
export interface LegacyTypeBoxStatic<Params> {
  /** The static type of the values the schema describes (a type-level property only). */
  readonly static: Params;
  /** 0.34's generic arguments (a type-level property only). */
  readonly params: unknown[];
}
