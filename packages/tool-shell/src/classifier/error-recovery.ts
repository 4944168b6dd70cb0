import type { Node } from 'web-tree-sitter';
import { expandBraces } from './brace-expansion';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import { splitShellWords } from './split-words';
import { isWordNode } from './word-evaluator';

/**
 * Text the parser gave up on still runs: its words (split and brace-expanded by hand when it
 * is a single simple command, such as `{rm,-rf,/}`) are judged as a command of their own.
 */
export function salvageCommand(walker: ScriptWalker, node: Node, scope: ShellScope): void {
  const text = node.text.trim();
  let words: string[];
  if (!/[;&|<>\n`$()]/.test(text))
    words = splitShellWords(text).flatMap((word) => expandBraces(word));
  else {
    const parts = node.namedChildren
      .filter((child): child is Node => child !== null)
      .filter((child) => child.type === 'command_name' || isWordNode(child));
    if (parts[0]?.type !== 'command_name') return;
    words = parts.flatMap((part) => walker.fields(part, scope.clone()));
  }
  if (words.length === 0) return;
  walker.result.commands.push({
    words,
    redirects: [],
    cwd: scope.cwd,
    processSubstitutions: [],
    files: scope.files,
    background: false,
    text: node.text,
  });
}
