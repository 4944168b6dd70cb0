import { createRequire } from 'node:module';
import type { Parser as ParserType } from 'web-tree-sitter';

let loading: Promise<ParserType> | undefined;

/**
 * The Bash grammar's WebAssembly, shipped in this package (`grammar/`, tree-sitter-bash's file
 * unchanged, see its README): found through the package's own export, so it resolves the same from
 * `src/` and from the built `dist/`.
 */
function bashGrammarPath(): string {
  return createRequire(import.meta.url).resolve(
    '@tinyelf/tool-shell/grammar/tree-sitter-bash.wasm',
  );
}

/**
 * The tree-sitter bash parser (WebAssembly), loaded once on first use: about 20 ms, which a
 * registry should not pay until the shell classifier first runs.
 */
export function loadBashParser(): Promise<ParserType> {
  loading ??= (async () => {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init();
    const language = await Language.load(bashGrammarPath());
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  return loading;
}
