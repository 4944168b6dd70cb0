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
  const record = (words: string[]) => {
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
  };
  let salvaged = false;
  for (const segment of node.text.split(/[;&|\n]+/)) {
    const simple = segment
      .trim()
      .replace(/^(\$?\(|`)+/, '')
      .replace(/(\)|`)+$/, '');
    if (!simple || /[$()<>`]/.test(simple)) continue;
    record(splitShellWords(simple).flatMap((word) => expandBraces(word)));
    salvaged = true;
  }
  if (salvaged) return;
  const parts = node.namedChildren.filter(
    (child): child is Node =>
      child !== null && (child.type === 'command_name' || isWordNode(child)),
  );
  if (parts[0]?.type === 'command_name')
    record(parts.flatMap((part) => walker.fields(part, scope.clone())));
}
