import type { ITool } from '../tool/tool';
import { builtinSpecifiers, builtinSpecifiersForCall } from './builtin-specifiers';
import { type PermissionRule, parsePermissionRule, ruleNamesTool } from './permission-rule';
import { permissionRuleProblems } from './permission-rule-problems';
import type { PermissionRulesConfig } from './permission-rules-config';
import type {
  PermissionRuleKind,
  SpecifierContext,
  ToolPermissionSpecifiers,
} from './tool-permission-specifiers';

/** A rule that matched a call, and how to name it to the user. */
export interface MatchedRule {
  /** Which list the rule is in: `allow`, `ask` or `deny`. */
  readonly kind: PermissionRuleKind;
  /** `kind: Rule`, such as `deny: Bash(rm:*)` (several rules joined with `, ` when together they allow a call). */
  readonly text: string;
  /** Set when a rule's specifier could not be checked for this tool (it has no specifier support). */
  readonly unchecked?: boolean;
}

interface SpecifierGroup {
  readonly ruleToolName: string;
  readonly specifiers: readonly string[];
  /** Core's support for these rules on this tool's calls (looked up once, by the two names). */
  readonly builtin: ToolPermissionSpecifiers | undefined;
}

interface KindRules {
  readonly named: readonly PermissionRule[];
  readonly groups: readonly SpecifierGroup[];
}

/** The kinds in the order they decide: deny first. */
export const RULE_KINDS: readonly PermissionRuleKind[] = ['deny', 'ask', 'allow'];

/**
 * The allow, ask and deny lists of one configuration, parsed once and indexed by tool name.
 * Construction throws a TypeError naming every malformed rule.
 */
export class PermissionRuleSet {
  private readonly rules: Record<PermissionRuleKind, readonly PermissionRule[]>;
  private readonly empty: boolean;
  private readonly byTool = new Map<string, Record<PermissionRuleKind, KindRules>>();

  /** @param config The rules as configured (they are parsed and checked here). */
  constructor(
    /** The rules as configured. */
    readonly config: PermissionRulesConfig = {},
  ) {
    const problems = permissionRuleProblems(config);
    if (problems.length) {
      throw new TypeError(`Invalid permission rules:\n- ${problems.join('\n- ')}`);
    }
    const parse = (kind: PermissionRuleKind): PermissionRule[] =>
      (config[kind] ?? []).map((text) => parsePermissionRule(text) as PermissionRule);
    this.rules = { deny: parse('deny'), ask: parse('ask'), allow: parse('allow') };
    this.empty = RULE_KINDS.every((kind) => this.rules[kind].length === 0);
  }

  /** Whether the set has no rules at all. */
  get isEmpty(): boolean {
    return this.empty;
  }

  /** Every parsed rule of a kind. */
  list(kind: PermissionRuleKind): readonly PermissionRule[] {
    return this.rules[kind];
  }

  /**
   * The rule of `kind` that matches a call, if any. A bare name (`Bash`, `mcp__github__*`) matches
   * every call of the tool; specifiers are matched by the tool's own support, else core's (file
   * tools, WebFetch). A specifier that cannot be checked (no support) matches deny and ask rules
   * (fail closed) and no allow rule.
   */
  async match(
    kind: PermissionRuleKind,
    tool: ITool,
    params: Readonly<Record<string, unknown>>,
    context: SpecifierContext,
  ): Promise<MatchedRule | undefined> {
    return this.matchNow(kind, tool, params, context);
  }

  /**
   * {@link PermissionRuleSet.match} without a promise when every specifier support it asks
   * answers at once (core's do): the answer itself, or a promise when a tool's matcher is
   * asynchronous.
   */
  matchNow(
    kind: PermissionRuleKind,
    tool: ITool,
    params: Readonly<Record<string, unknown>>,
    context: SpecifierContext,
  ): MatchedRule | undefined | Promise<MatchedRule | undefined> {
    const rules = this.rulesFor(tool.name)[kind];
    const named = rules.named[0];
    if (named) return { kind, text: `${kind}: ${named.source}` };
    return matchGroups(rules.groups, 0, kind, tool, params, context);
  }

  private rulesFor(toolName: string): Record<PermissionRuleKind, KindRules> {
    let entry = this.byTool.get(toolName);
    if (!entry) {
      entry = {
        deny: this.kindRulesFor('deny', toolName),
        ask: this.kindRulesFor('ask', toolName),
        allow: this.kindRulesFor('allow', toolName),
      };
      if (this.byTool.size > 500) this.byTool.clear();
      this.byTool.set(toolName, entry);
    }
    return entry;
  }

  private kindRulesFor(kind: PermissionRuleKind, toolName: string): KindRules {
    const named: PermissionRule[] = [];
    const groups = new Map<string, string[]>();
    for (const rule of this.rules[kind]) {
      if (rule.specifier === undefined) {
        if (ruleNamesTool(rule, toolName)) named.push(rule);
        continue;
      }
      const covers =
        rule.toolName === toolName || builtinSpecifiers(rule.toolName)?.covers.includes(toolName);
      if (!covers) continue;
      const list = groups.get(rule.toolName) ?? [];
      list.push(rule.specifier);
      groups.set(rule.toolName, list);
    }
    return {
      named,
      groups: [...groups].map(([ruleToolName, specifiers]) => ({
        ruleToolName,
        specifiers,
        builtin: builtinSpecifiersForCall(ruleToolName, toolName),
      })),
    };
  }
}

/** The first of `groups` from `start` on whose specifiers match the call (see `matchNow`). */
function matchGroups(
  groups: readonly SpecifierGroup[],
  start: number,
  kind: PermissionRuleKind,
  tool: ITool,
  params: Readonly<Record<string, unknown>>,
  context: SpecifierContext,
): MatchedRule | undefined | Promise<MatchedRule | undefined> {
  for (let index = start; index < groups.length; index++) {
    const group = groups[index]!;
    const own = group.ruleToolName === tool.name ? tool.permissionSpecifiers : undefined;
    const support = own ?? group.builtin;
    if (!support) {
      if (kind === 'allow') continue;
      return {
        kind,
        text: `${kind}: ${group.ruleToolName}(${group.specifiers[0]})`,
        unchecked: true,
      };
    }
    const matched = support.match(params, group.specifiers, kind, context);
    if (isPromise(matched)) {
      return matched.then(
        (answer) =>
          groupMatch(kind, group, answer) ??
          matchGroups(groups, index + 1, kind, tool, params, context),
      );
    }
    const rule = groupMatch(kind, group, matched);
    if (rule) return rule;
  }
  return undefined;
}

function groupMatch(
  kind: PermissionRuleKind,
  group: SpecifierGroup,
  matched: readonly string[],
): MatchedRule | undefined {
  if (!matched.length) return undefined;
  return {
    kind,
    text: `${kind}: ${matched.map((specifier) => `${group.ruleToolName}(${specifier})`).join(', ')}`,
  };
}

/** Whether a matcher's answer is a promise (a thenable) rather than the list itself. */
export function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** The specifier support for rules named `ruleToolName` on a call of `tool`. */
export function specifiersFor(
  ruleToolName: string,
  tool: ITool,
): ToolPermissionSpecifiers | undefined {
  if (ruleToolName === tool.name && tool.permissionSpecifiers) return tool.permissionSpecifiers;
  return builtinSpecifiersForCall(ruleToolName, tool.name);
}
