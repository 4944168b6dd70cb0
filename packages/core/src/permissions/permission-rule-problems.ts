import type { ITool } from '../tool/tool';
import { builtinSpecifiers } from './builtin-specifiers';
import { PERMISSION_RULE_FORMS, parsePermissionRule } from './permission-rule';
import type { PermissionRulesConfig } from './permission-rules-config';
import type { PermissionRuleKind } from './tool-permission-specifiers';

/** Options of {@link permissionRuleProblems}. */
export interface PermissionRuleProblemsOptions {
  /**
   * The tools the rules are for: a specifier of one of these tools is checked with its own
   * support, and a specifier of a tool with none (and not one of core's file tools or WebFetch)
   * is a problem. Rules naming tools not in the list are checked for their form only.
   */
  readonly tools?: readonly ITool[];
}

const kinds: readonly PermissionRuleKind[] = ['allow', 'ask', 'deny'];

/**
 * What is wrong with permission rules, one sentence per problem naming the rule and what is
 * allowed; empty when they are valid. Builder configuration validation calls it. Checks the form
 * (`Tool`, `Tool(specifier)`, `mcp__server__*`), each specifier's syntax (Bash prefixes, paths,
 * `domain:`), lists that are not lists, and the same rule in two lists.
 */
export function permissionRuleProblems(
  rules: PermissionRulesConfig | undefined,
  options: PermissionRuleProblemsOptions = {},
): string[] {
  if (rules === undefined) return [];
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
    return ['permissions must be an object { allow: [...], ask: [...], deny: [...] }.'];
  }
  const problems: string[] = [];
  const unknown = Object.keys(rules).filter((key) => !kinds.includes(key as PermissionRuleKind));
  if (unknown.length) {
    problems.push(
      `permissions has unknown field(s) ${unknown.join(', ')}; it takes allow, ask and deny.`,
    );
  }
  const seen = new Map<string, PermissionRuleKind>();
  for (const kind of kinds) {
    const list = rules[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(
        `permissions.${kind} must be a list of rules written ${PERMISSION_RULE_FORMS}.`,
      );
      continue;
    }
    for (const text of list) {
      const parsed = parsePermissionRule(text);
      if (typeof parsed === 'string') {
        problems.push(`permissions.${kind}: ${parsed}`);
        continue;
      }
      const earlier = seen.get(parsed.source);
      if (earlier && earlier !== kind) {
        problems.push(
          `permissions: the rule "${parsed.source}" is in both ${earlier} and ${kind}; the stricter list wins (deny > ask > allow), so remove it from one.`,
        );
      }
      seen.set(parsed.source, kind);
      if (parsed.specifier === undefined) continue;
      const tool = options.tools?.find((candidate) => candidate.name === parsed.toolName);
      const support = tool?.permissionSpecifiers ?? builtinSpecifiers(parsed.toolName)?.specifiers;
      if (!support) {
        if (tool) {
          problems.push(
            `permissions.${kind}: the rule "${parsed.source}" gives ${parsed.toolName} a specifier, but ${parsed.toolName} does not define any; write "${parsed.toolName}" for every call.`,
          );
        }
        continue;
      }
      const problem = support.problem(parsed.specifier);
      if (problem) {
        problems.push(
          `permissions.${kind}: the specifier of "${parsed.source}" is not valid: ${problem}. ${parsed.toolName} takes ${support.syntax}.`,
        );
      }
    }
  }
  return problems;
}
