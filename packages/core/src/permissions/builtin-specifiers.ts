import { domainSpecifiers } from './domain-specifier';
import { filePathSpecifiers } from './file-path-specifiers';
import type { ToolPermissionSpecifiers } from './tool-permission-specifiers';

/** Specifier support core gives tools by name, and which tools' calls a rule of that name covers. */
export interface BuiltinSpecifiers {
  readonly specifiers: ToolPermissionSpecifiers;
  /** `Read(x)` covers the file-reading tools, `Edit(x)` the file-changing ones. */
  readonly covers: readonly string[];
}

const readingTools = ['Read', 'ListDir', 'Glob', 'Grep'];

const table = new Map<string, BuiltinSpecifiers>([
  ['Read', { specifiers: filePathSpecifiers('Read'), covers: readingTools }],
  ['Edit', { specifiers: filePathSpecifiers('Edit'), covers: ['Edit', 'Write'] }],
  ['Write', { specifiers: filePathSpecifiers('Write'), covers: ['Write'] }],
  ['ListDir', { specifiers: filePathSpecifiers('ListDir'), covers: ['ListDir'] }],
  ['Glob', { specifiers: filePathSpecifiers('Glob'), covers: ['Glob'] }],
  ['Grep', { specifiers: filePathSpecifiers('Grep'), covers: ['Grep'] }],
  ['WebFetch', { specifiers: domainSpecifiers, covers: ['WebFetch'] }],
]);

/** Core's specifier support for a rule's tool name, when it has one. */
export function builtinSpecifiers(ruleToolName: string): BuiltinSpecifiers | undefined {
  return table.get(ruleToolName);
}

/** The specifier support used for a call of `toolName` by rules written for `ruleToolName`. */
export function builtinSpecifiersForCall(
  ruleToolName: string,
  toolName: string,
): ToolPermissionSpecifiers | undefined {
  const entry = table.get(ruleToolName);
  if (!entry?.covers.includes(toolName)) return undefined;
  return ruleToolName === toolName ? entry.specifiers : table.get(toolName)?.specifiers;
}
