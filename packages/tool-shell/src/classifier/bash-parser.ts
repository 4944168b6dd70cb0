import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Parser as ParserType } from 'web-tree-sitter';

let loading: Promise<ParserType> | undefined;

/**
 * The Bash grammar's WebAssembly, shipped in this package's `grammar/` folder (tree-sitter-bash's
 * file unchanged, see its README): found from the package's own `package.json`, so it resolves the
 * same from `src/` and from the built `dist/`.
 */
function bashGrammarPath(): string {
  const manifest = createRequire(import.meta.url).resolve('@tinyelf/tool-shell/package.json');
  return join(dirname(manifest), 'grammar', 'tree-sitter-bash.wasm');
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
