import type { Node } from 'web-tree-sitter';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import { staticPipelineOutput } from './static-output';

/**
 * The text a here-document feeds: as written when its delimiter is quoted, otherwise with its
 * expansions and substitutions evaluated (and walked) like a double-quoted string.
 */
export function hereDocumentText(walker: ScriptWalker, redirect: Node, scope: ShellScope): string {
  const body = redirect.namedChildren.find((child) => child?.type === 'heredoc_body');
  if (!body) return '';
  const start = redirect.namedChildren.find((child) => child?.type === 'heredoc_start')?.text ?? '';
  if (/['"\\]/.test(start)) return body.text;
  let text = '';
  for (const child of body.children) {
    if (!child) continue;
    if (child.type === 'heredoc_content' || !child.isNamed)
      text += child.text.replace(/\\([$`\\])/g, '$1').replace(/\\\n/g, '');
    else text += walker.value(child, scope);
  }
  return text;
}

/**
 * Walks a `$(...)` or backtick substitution in a subshell; its output when it is a literal
 * pipeline (`$(echo rm)`). A backtick body with escaped backticks is also judged as the script
 * bash makes of it after removing one level of backslashes (nested backticks).
 */
export function substitutionOutput(
  walker: ScriptWalker,
  node: Node,
  scope: ShellScope,
): string | undefined {
  walker.visited.add(node.id);
  if (node.text.startsWith('`') && /\\[`$\\]/.test(node.text))
    walker.nested(node.text.slice(1, -1).replace(/\\([`$\\])/g, '$1'), scope);
  const before = walker.result.commands.length;
  const children = node.namedChildren.filter((child): child is Node => child !== null);
  walker.visitChildren(node, scope.clone(), undefined);
  if (children.length !== 1) return undefined;
  const inner = walker.result.commands.slice(before);
  return staticPipelineOutput(
    inner.map((command) => ({
      words: command.words,
      input: command.stdin?.producer ? undefined : command.stdin?.text,
    })),
  );
}
