import { globToRegExp } from './glob-patterns';

/**
 * `find`'s command line read the way GNU find reads it: global options (`-H -L -P`, `-D LIST`,
 * `-O3`), then the starting points (every word up to the first that starts with `-`, or is `(`,
 * `!` or `,`), then an expression of tests, actions and operators (`!`/`-not` binds tightest,
 * then `-a`/juxtaposition, then `-o`, then `,`; parentheses group).
 */
export interface FindCommand {
  readonly roots: readonly string[];
  readonly expression: readonly string[];
}

/** Tests, options and actions with their number of arguments (`-exec` ends at `;` or `+`). */
const valued = new Map<string, number>([
  ...[
    'name',
    'iname',
    'path',
    'ipath',
    'wholename',
    'iwholename',
    'regex',
    'iregex',
    'lname',
    'ilname',
    'newer',
    'anewer',
    'cnewer',
    'mtime',
    'atime',
    'ctime',
    'mmin',
    'amin',
    'cmin',
    'used',
    'size',
    'user',
    'uid',
    'group',
    'gid',
    'perm',
    'type',
    'xtype',
    'links',
    'inum',
    'samefile',
    'fstype',
    'context',
    'maxdepth',
    'mindepth',
    'regextype',
    'files0-from',
    'printf',
    'fprint',
    'fprint0',
    'fls',
  ].map((name): [string, number] => [`-${name}`, 1]),
  ['-fprintf', 2],
]);

/** Name tests: they narrow what matches unless their pattern matches every name. */
const nameTests = /^-(i?name|i?path|i?wholename|i?lname)$/;
const regexTests = /^-i?regex$/;
/** Other tests that select some files only (owner, size, age, identity, emptiness, permissions). */
const selectiveTests =
  /^-(newer\w*|anewer|cnewer|[amc]time|[amc]min|used|size|user|uid|group|gid|nouser|nogroup|perm|links|inum|samefile|empty|context|fstype|false)$/;

/** Reads the starting points and the expression of a `find` command line. */
export function parseFind(args: readonly string[]): FindCommand {
  let start = 0;
  while (start < args.length && /^-([HLP]+|D|O\d*)$/.test(args[start]!))
    start += args[start] === '-D' ? 2 : 1;
  if (args[start] === '--') start++;
  let end = start;
  while (end < args.length && !/^[-(!,]/.test(args[end]!) && args[end] !== ')') end++;
  const roots = args.slice(start, end).filter(Boolean);
  return { roots: roots.length ? roots : ['.'], expression: args.slice(end) };
}

/** A node of the expression tree. */
type Node =
  | { readonly kind: 'and' | 'or' | 'list'; readonly items: Node[] }
  | { readonly kind: 'not'; readonly item: Node }
  | { readonly kind: 'primary'; readonly words: readonly string[]; readonly at: number };

/** The expression as a tree, each primary with the index of its first word. */
function parseExpression(words: readonly string[]): Node {
  let index = 0;
  const primary = (): Node => {
    const word = words[index]!;
    const at = index++;
    if (/^-(exec|execdir|ok|okdir)$/.test(word)) {
      while (index < words.length && words[index] !== ';' && words[index] !== '+') index++;
      index++;
    } else index += valued.get(word) ?? 0;
    return { kind: 'primary', words: words.slice(at, Math.min(index, words.length)), at };
  };
  const unary = (): Node => {
    const word = words[index];
    if (word === '!' || word === '-not') {
      index++;
      return index < words.length ? { kind: 'not', item: unary() } : { kind: 'and', items: [] };
    }
    if (word === '(') {
      index++;
      const inner = list();
      if (words[index] === ')') index++;
      return inner;
    }
    return primary();
  };
  const conjunction = (): Node => {
    const items: Node[] = [];
    while (index < words.length && !/^(-o|-or|,|\))$/.test(words[index]!)) {
      if (words[index] === '-a' || words[index] === '-and') index++;
      else items.push(unary());
    }
    return { kind: 'and', items };
  };
  const disjunction = (): Node => {
    const items = [conjunction()];
    while (words[index] === '-o' || words[index] === '-or') {
      index++;
      items.push(conjunction());
    }
    return { kind: 'or', items };
  };
  const list = (): Node => {
    const items = [disjunction()];
    while (words[index] === ',') {
      index++;
      items.push(disjunction());
    }
    return { kind: 'list', items };
  };
  const tree = list();
  // A stray `)` ends the parse early: what follows is read as another expression.
  if (index < words.length) {
    index++;
    return { kind: 'list', items: [tree, list()] };
  }
  return tree;
}

const sampleNames = ['passwd', 'bash', 'a', 'libc.so.6', 'x.conf', 'README'];

/** Whether a glob matches every name (`*`, `?*`, `[!.]*`, `**`): it selects nothing out. */
export function matchesEveryName(glob: string, ignoreCase = false): boolean {
  const pattern = new RegExp(`^(?:${globToRegExp(glob).source})$`, ignoreCase ? 'i' : '');
  return sampleNames.every((name) => pattern.test(name));
}

/** Whether a test selects only some files (a name pattern that matches every name does not). */
function selective(words: readonly string[]): boolean {
  const [test, value = ''] = words;
  if (test === undefined) return false;
  if (nameTests.test(test)) {
    if (!/path|wholename/.test(test)) return !matchesEveryName(value, true);
    const pattern = new RegExp(`^(?:${globToRegExp(value).source})$`, 'i');
    return !sampleNames.every((name) => pattern.test(`/usr/lib/${name}`));
  }
  if (regexTests.test(test)) {
    try {
      const pattern = new RegExp(`^(?:${value})$`, 'i');
      return !sampleNames.every((name) => pattern.test(`/usr/lib/${name}`));
    } catch {
      return true;
    }
  }
  return selectiveTests.test(test);
}

/** Whether a node is true only for some files. */
function narrows(node: Node): boolean {
  switch (node.kind) {
    case 'primary':
      return selective(node.words);
    case 'not':
      return false;
    case 'and':
      return node.items.some(narrows);
    case 'or':
      return node.items.length > 0 && node.items.every(narrows);
    case 'list':
      return node.items.length > 0 && narrows(node.items.at(-1)!);
  }
}

/**
 * Whether the primary at `at` (an action) runs only for files that some selective test picked:
 * a test before it in the same conjunction (tests after an action are evaluated after it, so
 * `-delete -name x` deletes everything), through enclosing groups.
 */
function gated(node: Node, at: number): boolean | undefined {
  switch (node.kind) {
    case 'primary':
      return node.at === at ? false : undefined;
    case 'not':
      return gated(node.item, at);
    case 'and':
      for (let index = 0; index < node.items.length; index++) {
        const inner = gated(node.items[index]!, at);
        if (inner === undefined) continue;
        return inner || node.items.slice(0, index).some(narrows);
      }
      return undefined;
    case 'or':
    case 'list':
      for (const item of node.items) {
        const inner = gated(item, at);
        if (inner !== undefined) return inner;
      }
      return undefined;
  }
}

/** The primaries of the expression, with their position, in order. */
export function findPrimaries(find: FindCommand): { words: readonly string[]; at: number }[] {
  const found: { words: readonly string[]; at: number }[] = [];
  const visit = (node: Node): void => {
    if (node.kind === 'primary') found.push(node);
    else if (node.kind === 'not') visit(node.item);
    else node.items.forEach(visit);
  };
  visit(parseExpression(find.expression));
  return found;
}

/** Whether the action at `at` runs only on files a selective test picked. */
export function actionIsFiltered(find: FindCommand, at: number): boolean {
  return gated(parseExpression(find.expression), at) ?? false;
}

/** Whether the whole expression is true only for some files (so `find ROOT EXPR` lists only those). */
export function expressionIsFiltered(find: FindCommand): boolean {
  return find.expression.length > 0 && narrows(parseExpression(find.expression));
}
