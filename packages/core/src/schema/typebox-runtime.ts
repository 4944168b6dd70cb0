import type * as TypeBox from '@sinclair/typebox';
import type * as TypeBoxCompiler from '@sinclair/typebox/compiler';
import type * as TypeBoxValue from '@sinclair/typebox/value';

/** The parts of TypeBox the registry uses at run time, loaded on first use. */
export interface TypeBoxRuntime {
  readonly Type: typeof TypeBox.Type;
  readonly Kind: typeof TypeBox.Kind;
  readonly TypeCompiler: typeof TypeBoxCompiler.TypeCompiler;
  readonly Value: typeof TypeBoxValue.Value;
}

let runtime: TypeBoxRuntime | undefined;
let loading: Promise<TypeBoxRuntime> | undefined;

/**
 * Loads TypeBox's builder, compiler and value modules once. Importing them costs tens of
 * milliseconds, which a registry should not pay until a tool is first called.
 */
export function loadTypeBoxRuntime(): Promise<TypeBoxRuntime> {
  loading ??= Promise.all([
    import('@sinclair/typebox'),
    import('@sinclair/typebox/compiler'),
    import('@sinclair/typebox/value'),
  ]).then(([typebox, compiler, value]) => {
    runtime = {
      Type: typebox.Type,
      Kind: typebox.Kind,
      TypeCompiler: compiler.TypeCompiler,
      Value: value.Value,
    };
    return runtime;
  });
  return loading;
}

/** The runtime if it has been loaded already, so hot paths can skip an `await`. */
export function loadedTypeBoxRuntime(): TypeBoxRuntime | undefined {
  return runtime;
}
