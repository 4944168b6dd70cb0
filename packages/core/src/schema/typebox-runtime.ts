import type * as TypeBox from 'typebox';
import type * as TypeBoxCompile from 'typebox/compile';

/** The parts of TypeBox (`typebox` 1.x) the registry uses at run time, loaded on first use. */
export interface TypeBoxRuntime {
  /** The schema builder, used to turn plain JSON Schema into TypeBox types. */
  readonly Type: typeof TypeBox.Type;
  /** Compiles a schema into a validator that checks, converts and fills in defaults. */
  readonly Compile: typeof TypeBoxCompile.Compile;
}

let runtime: TypeBoxRuntime | undefined;
let loading: Promise<TypeBoxRuntime> | undefined;

/**
 * Loads TypeBox's builder and compiler once. Importing them costs over a hundred milliseconds,
 * which a registry should not pay until a tool is first called.
 */
export function loadTypeBoxRuntime(): Promise<TypeBoxRuntime> {
  loading ??= Promise.all([import('typebox'), import('typebox/compile')]).then(
    ([typebox, compile]) => {
      runtime = { Type: typebox.Type, Compile: compile.Compile };
      return runtime;
    },
  );
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
