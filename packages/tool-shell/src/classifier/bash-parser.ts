import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Parser as ParserType } from 'web-tree-sitter';
import { compileWithBaselineOnly } from './baseline-wasm';

let loading: Promise<ParserType> | undefined;

/** The part of the WebAssembly JavaScript API used here (the project's `lib` has no DOM types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** How the Bash parser's WebAssembly is compiled: see {@link configureBashParser}. */
export interface BashParserOptions {
  /**
   * Compile tree-sitter's WebAssembly with V8's baseline compiler only (Liftoff), by setting
   * `--liftoff-only --no-wasm-lazy-compilation` with `v8.setFlagsFromString` around the
   * synchronous compilation of its two modules and setting the flags back right after. Other
   * WebAssembly in the process is compiled as before. On V8 11 and 12 (Node 20 to 23) this keeps
   * V8's optimising compiler from recompiling the grammar's lexer (about 40-60 MB more peak
   * memory and half a second of CPU); on other versions, or when the process already runs with
   * `--liftoff-only`, nothing is changed. `false` leaves V8's flags alone.
   * @default true
   */
  readonly baselineCompilerOnly: boolean;
}

let options: BashParserOptions = { baselineCompilerOnly: true };

/**
 * Chooses how the Bash parser's WebAssembly is compiled, for the whole process: the parser is
 * loaded once, when the first command is classified, so this must be called before that.
 * @throws Error when the parser is already loaded, or `baselineCompilerOnly` is not a boolean.
 */
export function configureBashParser(next: BashParserOptions): void {
  if (typeof next?.baselineCompilerOnly !== 'boolean')
    throw new TypeError('configureBashParser: baselineCompilerOnly must be true or false');
  if (loading !== undefined && next.baselineCompilerOnly !== options.baselineCompilerOnly)
    throw new Error(
      'configureBashParser: the Bash parser is already loaded (a command was classified); call it before the first classification',
    );
  options = { baselineCompilerOnly: next.baselineCompilerOnly };
}

/**
 * The Bash grammar's WebAssembly, shipped in this package's `grammar/` folder (tree-sitter-bash's
 * file unchanged, see its README): found from the package's own `package.json`, so it resolves the
 * same from `src/` and from the built `dist/`.
 */
function bashGrammarPath(): string {
  const manifest = createRequire(import.meta.url).resolve('@tinyelf/tool-shell/package.json');
  return join(dirname(manifest), 'grammar', 'tree-sitter-bash.wasm');
}

/** web-tree-sitter's own WebAssembly (the parser runtime the grammar is linked into). */
function runtimePath(): string {
  return createRequire(import.meta.url).resolve('web-tree-sitter/tree-sitter.wasm');
}

/**
 * Both modules compiled synchronously (so the V8 flags of {@link compileWithBaselineOnly} are set
 * for them alone). The grammar's `WebAssembly.Module` is kept until `Language.load` has
 * instantiated the same bytes: V8 gives that compilation the module already compiled (its
 * native-module cache, keyed by the bytes).
 */
async function loadCompiled(): Promise<ParserType> {
  const { Parser, Language } = await import('web-tree-sitter');
  const [runtimeBytes, grammarBytes] = await Promise.all([
    readFile(runtimePath()),
    readFile(bashGrammarPath()),
  ]);
  const { value: modules } = compileWithBaselineOnly(() => ({
    runtime: new wasm.Module(runtimeBytes),
    grammar: new wasm.Module(grammarBytes),
  }));
  await Parser.init({
    instantiateWasm(imports: object, receive: (instance: object, module: object) => void) {
      const instance = new wasm.Instance(modules.runtime, imports);
      receive(instance, modules.runtime);
      return instance.exports;
    },
  } as Parameters<typeof Parser.init>[0]);
  const language = await Language.load(new Uint8Array(grammarBytes));
  // Kept alive until here on purpose (see above).
  void modules.grammar;
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

/**
 * The tree-sitter bash parser (WebAssembly), loaded once on first use: about 20-60 ms, which a
 * registry should not pay until the shell classifier first runs.
 */
export function loadBashParser(): Promise<ParserType> {
  loading ??= options.baselineCompilerOnly
    ? loadCompiled()
    : (async () => {
        const { Parser, Language } = await import('web-tree-sitter');
        await Parser.init();
        const language = await Language.load(bashGrammarPath());
        const parser = new Parser();
        parser.setLanguage(language);
        return parser;
      })();
  return loading;
}
