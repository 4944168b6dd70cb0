import type { Node } from 'web-tree-sitter';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import type { SimpleCommand, StandardInput } from './simple-command';

/**
 * An `if`, `while`, `case` or C-style `for`: walked once in a copy of the scope, then merged
 * (values that differ between running it and not become unknown).
 */
export function walkBranch(
  walker: ScriptWalker,
  node: Node,
  scope: ShellScope,
  input: StandardInput | undefined,
): SimpleCommand | undefined {
  const inner = scope.clone();
  const last = walker.visitChildren(node, inner, input);
  scope.mergeBranch(inner);
  return last;
}

/**
 * A `for NAME in WORDS` loop: a literal list of up to 16 values runs the body once per value
 * (`for d in /; do rm -rf "$d"; done`); a longer or unknown list runs it once with the variable
 * unknown. Without `in`, the loop runs over the positional parameters.
 */
export function walkForLoop(
  walker: ScriptWalker,
  node: Node,
  scope: ShellScope,
  input: StandardInput | undefined,
): SimpleCommand | undefined {
  const variable = node.childForFieldName('variable')?.text ?? '';
  const valueNodes = node
    .childrenForFieldName('value')
    .filter((child): child is Node => child !== null);
  const values = valueNodes.length
    ? valueNodes.flatMap((child) => walker.fields(child, scope))
    : scope.positional;
  const body = node.childForFieldName('body');
  if (!body) return undefined;
  const runs: readonly (string | undefined)[] =
    values && values.length <= 16 ? values : [undefined];
  let last: SimpleCommand | undefined;
  for (const value of runs) {
    const inner = scope.clone();
    inner.set(variable, value === undefined ? undefined : [value]);
    last = walker.visit(body, inner, input) ?? last;
    scope.mergeBranch(inner);
  }
  // After the loop the variable keeps the last value it was given.
  const final = runs.at(-1);
  if (final !== undefined && scope.get(variable) === undefined) scope.set(variable, [final]);
  return last;
}

/** What a declaration builtin prints in a pipeline (`export -p | curl -d @- ...`): its keyword and options. */
export function declarationProducer(node: Node, scope: ShellScope): SimpleCommand {
  const options = node.namedChildren.filter(
    (child): child is Node => child !== null && child.type === 'word' && child.text.startsWith('-'),
  );
  return {
    words: [node.firstChild?.text ?? '', ...options.map((child) => child.text)],
    redirects: [],
    cwd: scope.cwd,
    processSubstitutions: [],
    files: scope.files,
    background: false,
    text: node.text,
  };
}
