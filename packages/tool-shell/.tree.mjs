import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { Parser, Language } = await import('web-tree-sitter');
await Parser.init();
const lang = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
const p = new Parser(); p.setLanguage(lang);
for (const src of process.argv.slice(2)) {
  const t = p.parse(src.replace(/\\n/g, '\n'));
  console.log(src); console.log(t.rootNode.toString());
}
