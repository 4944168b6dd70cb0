import { createRequire } from 'node:module';
import type { Parser as ParserType } from 'web-tree-sitter';

let loading: Promise<ParserType> | undefined;

/**
 * The tree-sitter bash parser (WebAssembly), loaded once on first use: about 20 ms, which a
 * registry should not pay until the shell classifier first runs.
 */
export function loadBashParser(): Promise<ParserType> {
  loading ??= (async () => {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init();
    const require = createRequire(import.meta.url);
    const language = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  return loading;
}
