import type { Node } from 'web-tree-sitter';

/**
 * Bash reads `{` as the start of a group only when it is a word of its own; `{rm,-rf,/}` at the
 * start of a command is an ordinary word, which brace expansion turns into `rm -rf /` (in
 * re-parsed code too: `eval`, `bash -c`, a sourced here-string, a script written then run).
 * tree-sitter-bash reads every such `{` as a group and gives up. This returns the script with
 * each of them written `""{`, the same word for bash, which tree-sitter reads as a word; or
 * undefined when the tree has none.
 */
export function braceWordsAsWords(root: Node, script: string): string | undefined {
  if (!root.hasError) return undefined;
  const starts = root
    .descendantsOfType('{')
    .filter(
      (node): node is Node =>
        node !== null &&
        (node.parent?.type === 'compound_statement' || node.parent?.type === 'ERROR') &&
        /^[^\s;&|()<>]/.test(script.slice(node.endIndex, node.endIndex + 1)),
    )
    .map((node) => node.startIndex);
  if (starts.length === 0) return undefined;
  let rewritten = '';
  let from = 0;
  for (const start of starts) {
    rewritten += `${script.slice(from, start)}""`;
    from = start;
  }
  return rewritten + script.slice(from);
}
