import type { Node } from 'web-tree-sitter';
import type { SimpleCommand } from './simple-command';
import { outputOf } from './static-output';

/**
 * What a `{ ...; }` or `( ... )` group of simple commands prints, when each one's output is
 * known (`{ echo a; echo b; } > f`); undefined otherwise.
 */
export function groupOutput(body: Node, walked: readonly SimpleCommand[]): string | undefined {
  if (body.type !== 'compound_statement' && body.type !== 'subshell') return undefined;
  const children = body.namedChildren.filter(
    (child): child is Node => child !== null && child.type !== 'comment',
  );
  if (children.length === 0 || children.some((child) => child.type !== 'command')) return undefined;
  let output = '';
  for (const child of children) {
    const command = walked.find((item) => item.text === child.text);
    const printed = command ? outputOf(command) : undefined;
    if (printed === undefined) return undefined;
    output += printed;
  }
  return output;
}
