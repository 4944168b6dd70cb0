import type { Node } from 'web-tree-sitter';
import { quoteForShell } from './rules/deletion-rules';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import { DYNAMIC } from './shell-word';

// Assignments and declarations, and the strings bash evaluates as code while running builtins:
// prompt variables, subscripts (`a[$(cmd)]`), arithmetic operands whose values hold `$(...)`.

/** Marks a variable that did not exist before a function made it local. */
export const absent: readonly string[] = Object.freeze(['\u0000absent']);

/** Variables whose value bash runs through prompt expansion (their `$(...)` runs). */
const promptVariables = /^PS[0-4]$/;
/** Builtins whose arguments may hold subscripts that bash evaluates as arithmetic. */
const subscriptBuiltins = new Set([
  'let',
  'test',
  '[',
  'printf',
  'read',
  'unset',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'mapfile',
  'readarray',
  'wait',
  'shift',
  'return',
  'exit',
  'ulimit',
]);

/** An assignment `name=value`, `name+=value`, `name=(...)`, `name[i]=value` into a scope. */
export function assign(
  walker: ScriptWalker,
  node: Node,
  scope: ShellScope,
  into: ShellScope,
): void {
  const nameNode = node.childForFieldName('name');
  const valueNode = node.childForFieldName('value');
  if (!nameNode) return;
  let name = nameNode.text;
  let element: number | undefined;
  if (nameNode.type === 'subscript') {
    name = nameNode.childForFieldName('name')?.text ?? name;
    const index = nameNode.childForFieldName('index');
    const indexValue = index ? walker.value(index, scope) : '';
    if (/[$`]/.test(indexValue)) walker.nested(`: ${indexValue}`, scope);
    element = /^\d+$/.test(indexValue) ? Number(indexValue) : -1;
  }
  // Assigning to a reference (`declare -n y=x; y=/`) assigns to the variable it names.
  const written = name;
  const referenced = into.get(`nameref:${name}`)?.[0];
  if (referenced && /^[A-Za-z_]\w*$/.test(referenced)) name = referenced;
  const append = node.children.some((child) => child?.type === '+=');
  let values: string[] | undefined;
  // `([c]=rm [t]=/)`, `([1]=x)`: the keys are kept (`keys:NAME`) for `${m[c]}` and `${!m[@]}`.
  const keys: string[] = [];
  let keyed = false;
  if (valueNode?.type === 'array') {
    values = [];
    for (const item of valueNode.namedChildren) {
      if (!item) continue;
      for (const field of walker.fields(item, scope)) {
        const key = /^\[([^\]]*)\]=/.exec(field);
        keyed ||= key !== null;
        keys.push(key ? key[1]! : String(keys.length));
        values.push(field.replace(/^\[[^\]]*\]=/, ''));
      }
    }
  } else values = [valueNode ? walker.value(valueNode, scope) : ''];
  // `declare -l` / `-u`: values are stored lower- or uppercased.
  const letterCase = into.get(`case:${name}`)?.[0];
  if (letterCase)
    values = values.map((value) =>
      letterCase === 'l' ? value.toLowerCase() : value.toUpperCase(),
    );
  if (element === undefined && !append) into.set(`keys:${name}`, keyed ? keys : undefined);
  const keyList = into.get(`keys:${name}`);
  if (element === -1 && keyList && nameNode.type === 'subscript') {
    // `m[key]=value` in an array with keys.
    const key = walker.value(nameNode.childForFieldName('index')!, scope);
    const at = keyList.indexOf(key);
    element = at === -1 ? keyList.length : at;
    if (at === -1) into.set(`keys:${name}`, [...keyList, key]);
  }
  const previous = into.get(name);
  if (element !== undefined) {
    if (element === -1 || !previous) into.set(name, undefined);
    else {
      const next = [...previous];
      next[element] = append ? (next[element] ?? '') + values[0] : values[0]!;
      into.set(name, next);
    }
  } else if (append) {
    if (!previous) into.set(name, undefined);
    else if (valueNode?.type === 'array') into.set(name, [...previous, ...values]);
    else into.set(name, [(previous[0] ?? '') + values[0], ...previous.slice(1)]);
  } else into.set(name, values);
  if (written !== name) into.set(written, into.get(name));
  if (promptVariables.test(name)) for (const value of values) walker.nested(`: ${value}`, scope);
  if (name === 'PROMPT_COMMAND') for (const value of values) walker.nested(value, scope);
  // A variable declared integer (`declare -i`, `local -i`) evaluates what it is given as
  // arithmetic: a subscript there with a substitution runs it.
  if (into.get(`integer:${name}`) || scope.get(`integer:${name}`))
    for (const value of values) if (/\[[\s\S]*[$`]/.test(value)) walker.nested(`: ${value}`, scope);
}

/** `declare`, `typeset`, `local`, `export`, `readonly` with their assignments. */
export function declaration(walker: ScriptWalker, node: Node, scope: ShellScope): void {
  const keyword = node.firstChild?.text ?? '';
  const options = node.namedChildren
    .filter((child) => child?.type === 'word' && child.text.startsWith('-'))
    .map((child) => child!.text)
    .join('');
  const reference = /^-[a-zA-Z]*n/.test(options);
  const exported = keyword === 'export' || /^-[a-zA-Z]*x/.test(options);
  const integer = /^-[a-zA-Z]*i/.test(options);
  const letterCase = /^-[a-zA-Z]*l/.test(options)
    ? 'l'
    : /^-[a-zA-Z]*u/.test(options)
      ? 'u'
      : undefined;
  // Inside a function, `local` and `declare`/`typeset` without -g make a variable of the call.
  const frame =
    keyword === 'local' || (/^(declare|typeset)$/.test(keyword) && !/^-[a-zA-Z]*g/.test(options))
      ? walker.localFrames.at(-1)
      : undefined;
  for (const child of node.namedChildren) {
    if (!child) continue;
    const declared =
      child.type === 'variable_assignment' ? child.childForFieldName('name')?.text : child.text;
    if (frame && declared && /^[A-Za-z_]\w*$/.test(declared) && !frame.has(declared))
      frame.set(declared, scope.variables.has(declared) ? scope.variables.get(declared) : absent);
    if (integer && declared && /^[A-Za-z_]\w*$/.test(declared))
      scope.set(`integer:${declared}`, ['1']);
    if (letterCase && declared && /^[A-Za-z_]\w*$/.test(declared))
      scope.set(`case:${declared}`, [letterCase]);
    if (child.type === 'variable_assignment') {
      assign(walker, child, scope, scope);
      const name = child.childForFieldName('name')?.text ?? '';
      if (exported) scope.exported.add(name);
      // A reference (`declare -n ref=HOME`) reads its target; its value here is the target's.
      if (reference) {
        const target = scope.get(name)?.[0] ?? '';
        scope.set(`nameref:${name}`, [target]);
        // A reference to an element (`a[$(cmd)]`) evaluates its subscript when used.
        if (/\[[\s\S]*[$`]/.test(target)) walker.nested(`: ${target}`, scope);
        scope.set(name, /^[A-Za-z_][A-Za-z0-9_]*$/.test(target) ? scope.get(target) : undefined);
      }
    } else if (child.type === 'variable_name') {
      // `declare -A m` / `declare -a a`: an empty array, filled by `m[k]=v` later.
      if (/^-[a-zA-Z]*[aA]/.test(options) && !scope.variables.has(child.text)) {
        scope.set(child.text, []);
        if (/^-[a-zA-Z]*A/.test(options)) scope.set(`keys:${child.text}`, []);
      } else if (!scope.variables.has(child.text)) scope.set(child.text, undefined);
      if (exported) scope.exported.add(child.text);
    } else {
      const value = walker.value(child, scope);
      const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=([\s\S]*)$/.exec(value);
      if (/\[/.test(value) && /[$`]/.test(value)) walker.nested(`: ${value}`, scope);
      // `declare -a 'a=($(cmd))'`: a quoted compound assignment is evaluated again by declare.
      else if (assignment && /^\(/.test(assignment[3]!) && /[$`]/.test(assignment[3]!))
        walker.nested(`${assignment[1]}=${assignment[3]}`, scope);
      if (assignment) scope.set(assignment[1]!, assignment[2] ? undefined : [assignment[3]!]);
      // A name put together at run time (`export "$v=..."`, `declare -x "LD_PRE""LOAD=..."`)
      // is judged as the plain assignment it evaluates to.
      if (assignment && exported && !assignment[2] && assignment[0] !== child.text)
        walker.nested(`export ${assignment[1]}=${quoteForShell(assignment[3]!)}`, scope);
    }
  }
}

/** Strings inside `[[ ]]` that bash evaluates (subscripts of `-v`, arithmetic operands). */
export function evaluatedStrings(walker: ScriptWalker, node: Node, scope: ShellScope): void {
  for (const word of node.descendantsOfType(['string', 'raw_string', 'word', 'concatenation'])) {
    if (!word || word.parent?.type === 'concatenation') continue;
    const value = walker.value(word, scope);
    if (/[$`]/.test(value.replaceAll(DYNAMIC, ''))) walker.nested(`: ${value}`, scope);
  }
  if (/-(eq|ne|lt|le|gt|ge|v)\b/.test(node.text)) arithmetic(walker, node, scope);
}

/** `$((...))`, `((...))`: variables whose values hold code run it when evaluated. */
export function arithmetic(walker: ScriptWalker, node: Node, scope: ShellScope): void {
  // `$((cmd args) 2>&1)` is a command substitution of a subshell that tree-sitter reads as
  // arithmetic; its text is judged as that too.
  if (/^\$\(\(/.test(node.text) && /[A-Za-z_][\w-]*\s+[-\w/'"$]/.test(node.text))
    walker.nested(`: $( ${node.text.slice(2, -1)} )`, scope);
  for (const name of new Set(node.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])) {
    for (const value of scope.variables.get(name) ?? []) {
      if (/[$`]/.test(value)) walker.nested(`: ${value}`, scope);
    }
  }
}

/** Arguments of builtins that bash evaluates as arithmetic or subscripts (`let`, `test -v`, `printf -v`). */
export function builtinStrings(
  walker: ScriptWalker,
  words: readonly string[],
  scope: ShellScope,
): void {
  if (!subscriptBuiltins.has(words[0]!)) return;
  for (const word of words.slice(1)) {
    if (/[$`]/.test(word.replaceAll(DYNAMIC, '')) && (words[0] === 'let' || /\[/.test(word)))
      walker.nested(`: ${word}`, scope);
  }
  if (words[0] === 'let' || words[0] === 'test' || words[0] === '[')
    for (const name of words
      .slice(1)
      .join(' ')
      .match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])
      for (const value of scope.variables.get(name) ?? [])
        if (/[$`]/.test(value)) walker.nested(`: ${value}`, scope);
}
