import type { Node } from 'web-tree-sitter';

/** Whether a function calls itself in a pipeline or in the background (`:(){ :|:& };:`). */
export function isForkBomb(name: string, body: Node): boolean {
  const callsItself = body
    .descendantsOfType('command')
    .some((command) => command?.childForFieldName('name')?.text === name);
  return callsItself && (body.descendantsOfType('pipeline').length > 0 || /&(?!&)/.test(body.text));
}
