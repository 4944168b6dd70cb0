import type * as TypeBoxSchema from 'typebox/schema';

/** The part of TypeBox (`typebox` 1.x) the registry uses at run time, loaded on first use. */
export interface TypeBoxRuntime {
  /** Compiles a JSON Schema into a validator (`Check`, `Errors`). */
  readonly Compile: typeof TypeBoxSchema.Compile;
}

let runtime: TypeBoxRuntime | undefined;
let loading: Promise<TypeBoxRuntime> | undefined;

/**
 * Loads TypeBox's JSON Schema compiler (`typebox/schema`) once, on the first call: importing it
 * costs tens of milliseconds, which a registry should not pay at import. It is the lightest part
 * of TypeBox 1.x that checks: the builder (`typebox`) and `typebox/compile` (which pulls in the
 * value module) cost several times more, and coercion is core's own (see `coercion-plan.ts`).
 */
export function loadTypeBoxRuntime(): Promise<TypeBoxRuntime> {
  loading ??= import('typebox/schema').then((schema) => {
    runtime = { Compile: schema.Compile };
    return runtime;
  });
  return loading;
}

/** The runtime if it has been loaded already, so hot paths can skip an `await`. */
export function loadedTypeBoxRuntime(): TypeBoxRuntime | undefined {
  return runtime;
}

/** True for a schema built by `typebox` 1.x (it carries a non-enumerable `~kind` marker). */
export function isTypeBoxSchema(schema: object): boolean {
  return '~kind' in schema;
}
