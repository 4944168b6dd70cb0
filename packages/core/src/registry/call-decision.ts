import type { PermissionMode } from '../policy/permission-mode';
import type { ToolPolicy } from '../policy/tool-policy';
import type { ITool, RiskWarning } from '../tool/tool';

/**
 * What the permission check decides about a call before it runs: `allow` runs it, `ask` runs it
 * only when the host's `confirm` says yes, `deny` refuses it whatever the host says.
 */
export interface CallDecision {
  /** The decision. */
  readonly decision: 'allow' | 'ask' | 'deny';
  /** The call's risk warnings (a call with warnings never runs unasked, unless in `bypassPermissions`). */
  readonly warnings: readonly RiskWarning[];
  /** Why the call asks or is refused, in a sentence for the user; absent for `allow`. */
  readonly reason?: string;
  /** The rule that decided, such as `ask: Bash(git push:*)`, when one did. */
  readonly matchedRule?: string;
}

/** One call to decide: the tool, its validated arguments, the policy and the mode. */
export interface DecisionInput {
  /** The tool called. */
  readonly tool: ITool;
  /** The validated arguments. */
  readonly params: Record<string, unknown>;
  /** The policy whose rules and mode defaults decide. */
  readonly policy: ToolPolicy;
  /** The permission mode of the agent making the call. */
  readonly mode: PermissionMode;
  /** The workspace path rules resolve against. @default process.cwd() */
  readonly workspaceRoot?: string;
}

/**
 * Decides a call without running it and without asking anyone: the call's risk warnings, then the
 * policy ({@link ToolPolicy.decide}: rules, warnings, the mode). What `ToolRegistry.decide`
 * answers and what `execute`'s permission check acts on, so a host that asks before `execute`
 * (the AI SDK's approval flow, an MCP server's elicitation) asks exactly when `execute` would.
 */
export async function decideCall(input: DecisionInput): Promise<CallDecision> {
  const { tool, policy, mode } = input;
  const warnings = tool.assessRisk ? await riskWarningsOf(tool, input.params) : noWarnings;
  const decided = await policy.decide({
    tool,
    params: input.params,
    mode,
    warnings,
    workspaceRoot: input.workspaceRoot,
  });
  if (decided.behavior === 'allow') return { decision: 'allow', warnings };
  return {
    decision: decided.behavior,
    warnings,
    reason: decided.reason,
    ...(decided.rule !== undefined && { matchedRule: decided.rule }),
  };
}

const noWarnings: readonly RiskWarning[] = [];

/** The rule name of the warning a failing risk check gives. */
export const RISK_CHECK_FAILED_RULE = 'risk-check-failed';

/**
 * A tool's risk warnings for validated arguments. A check that fails gives one warning saying so
 * (fail closed: the call asks instead of running unchecked).
 */
export async function riskWarningsOf(
  tool: ITool,
  params: Record<string, unknown>,
): Promise<readonly RiskWarning[]> {
  if (!tool.assessRisk) return [];
  try {
    return (await tool.assessRisk(params)) ?? [];
  } catch (error) {
    return [
      {
        rule: RISK_CHECK_FAILED_RULE,
        message: `The risk check of ${tool.name} failed (${error instanceof Error ? error.message : String(error)}), so the call could not be checked.`,
      },
    ];
  }
}
