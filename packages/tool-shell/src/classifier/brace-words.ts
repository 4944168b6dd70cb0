import type { Node } from 'web-tree-sitter';

/** Stands for a `{` that starts a word at the start of a command; the word evaluator reads it as `{`. */
export const BRACE_WORD = '\u{E01A}';

/**
 * Bash reads `{` as the start of a group only when it is a word of its own; `{rm,-rf,/}` at the
 * start of a command is an ordinary word, which brace expansion turns into `rm -rf /` (in
 * re-parsed code too: `eval`, `bash -c`, a sourced here-string, a script written then run).
 * tree-sitter-bash reads every such `{` as a group and gives up. This returns the script with
 * each of them written {@link BRACE_WORD}, which tree-sitter reads as part of a word and the word
 * evaluator as `{` (a prefix such as `""{` would change the word: `~` after brace expansion is
 * only expanded at the very start of a word); undefined when the tree has none.
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
    rewritten += `${script.slice(from, start)}${BRACE_WORD}`;
    from = start + 1;
  }
  return rewritten + script.slice(from);
}
