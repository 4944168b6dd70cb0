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
  if (node.type === 'if_statement') judgeBranches(walker, node, scope);
  if (node.type === 'case_statement') judgeCaseItems(walker, node, scope);
  return last;
}

/**
 * A `case` runs at most one of its items (bar `;&` fall-through): the commands after it are
 * judged once per item, as if only that item's commands were written (`case 1 in 1) v=/etc;;
 * esac; rm -rf "$v"`), so the worst item counts. Only for a few items.
 */
function judgeCaseItems(walker: ScriptWalker, node: Node, scope: ShellScope): void {
  const text = node.tree.rootNode.text;
  if (!text.slice(node.endIndex).trim() || text.length > 4000) return;
  const items = node.namedChildren.filter(
    (child): child is Node => child !== null && child.type === 'case_item',
  );
  if (items.length > 4 || node.tree.rootNode.descendantsOfType('case_statement').length > 2) return;
  for (const item of items) {
    const paren = item.children.find((child) => child?.type === ')');
    if (!paren) continue;
    const body = text
      .slice(paren.endIndex, item.endIndex)
      .replace(/;;&?\s*$|;&\s*$/, '')
      .trim();
    if (!body) continue;
    walker.nested(
      `${text.slice(0, node.startIndex)}{ ${body}\n}${text.slice(node.endIndex)}`,
      scope,
    );
  }
}

/**
 * An `if` with an `else` runs one of its branches for sure: the commands after it are judged
 * once per branch, as if only that branch were written (`x=./b; if c; then :; else x=/; fi;
 * rm -rf $x` is `rm -rf /` on one path), so the worst branch counts. Only for a few `if`s.
 */
function judgeBranches(walker: ScriptWalker, node: Node, scope: ShellScope): void {
  const root = node.tree.rootNode;
  const text = root.text;
  const after = text.slice(node.endIndex).trim();
  if (!after || text.length > 4000) return;
  const branches = node.namedChildren.filter(
    (child): child is Node => child !== null && /^(elif_clause|else_clause)$/.test(child.type),
  );
  if (!branches.some((child) => child.type === 'else_clause')) return;
  const withElse = root
    .descendantsOfType('if_statement')
    .filter((item) => item?.namedChildren.some((child) => child?.type === 'else_clause'));
  if (withElse.length > 2) return;
  const bodies: string[] = [];
  // The `then` part: the statements between `then` and the first elif/else.
  const thenStart = node.children.find((child) => child?.type === 'then')?.endIndex;
  const firstBranch = branches[0]?.startIndex;
  if (thenStart !== undefined && firstBranch !== undefined)
    bodies.push(text.slice(thenStart, firstBranch));
  for (const branch of branches) {
    const open = branch.children.find((child) => child?.type === 'then' || child?.type === 'else');
    if (open) bodies.push(text.slice(open.endIndex, branch.endIndex));
  }
  for (const body of bodies.slice(0, 4))
    walker.nested(
      `${text.slice(0, node.startIndex)}{ ${body.trim() || ':'}\n}${text.slice(node.endIndex)}`,
      scope,
    );
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
  // After a loop over a known, non-empty list, the variable holds the last value.
  const final = runs.at(-1);
  if (values?.length && final !== undefined) scope.set(variable, [final]);
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
