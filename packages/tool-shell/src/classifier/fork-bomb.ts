import type { Node } from 'web-tree-sitter';

/** Whether a function calls itself in a pipeline or in the background (`:(){ :|:& };:`). */
export function isForkBomb(name: string, body: Node): boolean {
  const callsItself = body
    .descendantsOfType('command')
    .some((command) => command?.childForFieldName('name')?.text === name);
  return callsItself && (body.descendantsOfType('pipeline').length > 0 || /&(?!&)/.test(body.text));
}

/**
 * Whether a loop spawns without end: `while :`, `while true`, `until false` (or `for ((;;))`)
 * whose body starts a command in the background and never leaves the loop (`break`, `exit`,
 * `return`, `wait`): processes pile up until the machine stops.
 */
export function isSpawnLoop(loop: Node): boolean {
  const text = loop.text;
  const endless =
    loop.type === 'c_style_for_statement'
      ? /^for\s*\(\(\s*[^;]*;\s*;/.test(text)
      : /^(while\s+(:|true|\[\s*1\s*\]|\(\(\s*1\s*\)\))|until\s+false)\s*[;\n]/.test(text);
  const body = loop.childForFieldName('body') ?? loop.lastNamedChild;
  if (!endless || !body) return false;
  return (
    /&(?![&>])/.test(body.text.replace(/&&|[0-9]?>&[0-9-]|&>/g, '')) &&
    !/\b(break|exit|return|wait)\b/.test(body.text) &&
    // A loop that also sleeps in the foreground is a slow poller, not a bomb.
    !/(^|[;\n{&]|\bdo)\s*sleep\s+[^;&\n]+(;|\n|\s+done\b)/.test(body.text)
  );
}
