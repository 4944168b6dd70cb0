import { TOOL_NAME_PATTERN } from '../tool/tool';

/** One permission rule, parsed from its text (`Bash(npm run test:*)`, `mcp__github__*`, `Read`). */
export interface PermissionRule {
  /** The rule as written (trimmed). */
  readonly source: string;
  /** The tool name, or for a prefix rule (`mcp__github__*`) the prefix without its `*`. */
  readonly toolName: string;
  /** True for a name that ends in `*` (and for a bare MCP server, `mcp__github`): a prefix of tool names. */
  readonly prefix: boolean;
  /** The text between the parentheses, when the rule has any (`npm run test:*`). */
  readonly specifier?: string;
}

/** What a rule may look like, for error messages. */
export const PERMISSION_RULE_FORMS =
  "`Tool`, `Tool(specifier)`, `mcp__server` (all of a server's tools), `mcp__server__*` or `mcp__server__tool`";

const rulePattern = /^([A-Za-z0-9_-]*)(\*?)(?:\(([\s\S]*)\))?$/;

/**
 * Parses a rule, or returns why it is malformed (a sentence naming the rule and the allowed
 * forms). `Tool(*)` is the same as `Tool`. A bare MCP server name (`mcp__github`, no second `__`)
 * stands for every tool of that server.
 */
export function parsePermissionRule(text: unknown): PermissionRule | string {
  if (typeof text !== 'string') {
    return `A permission rule must be a string such as "Bash(npm run test:*)", not ${JSON.stringify(text) ?? String(text)}.`;
  }
  const source = text.trim();
  const match = rulePattern.exec(source);
  const malformed = (why: string) =>
    `Permission rule ${JSON.stringify(text)} is malformed: ${why}. Write ${PERMISSION_RULE_FORMS}.`;
  if (source === '') return malformed('it is empty');
  if (!match) {
    return source.includes('(') && !source.endsWith(')')
      ? malformed('its specifier is not closed with ")"')
      : malformed('a tool name has only letters, digits, "_" and "-", optionally ending in "*"');
  }
  const [, name = '', star, rawSpecifier] = match;
  const prefix = star === '*';
  if (!prefix && !TOOL_NAME_PATTERN.test(name)) {
    return malformed(`the tool name ${JSON.stringify(name)} must match ${TOOL_NAME_PATTERN}`);
  }
  if (rawSpecifier !== undefined) {
    const specifier = rawSpecifier.trim();
    if (prefix) return malformed('a rule with a specifier names one tool, not a prefix');
    if (specifier === '')
      return malformed('its parentheses are empty (write the bare tool name for every call)');
    if (specifier !== '*') return { source, toolName: name, prefix: false, specifier };
  }
  if (!prefix && /^mcp__[^_](?:(?!__).)*$/.test(name)) {
    return { source, toolName: `${name}__`, prefix: true };
  }
  return { source, toolName: name, prefix };
}

/** Whether a rule's name part covers a tool name (exactly, or as a prefix). */
export function ruleNamesTool(rule: PermissionRule, toolName: string): boolean {
  return rule.prefix ? toolName.startsWith(rule.toolName) : toolName === rule.toolName;
}
