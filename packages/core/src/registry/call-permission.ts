import { PermissionDeniedError } from '../errors/permission-denied-error';
import type { ConfirmCall } from '../permissions/confirmation';
import type { PermissionDecision } from '../permissions/permission-decision';
import type { PermissionMode } from '../policy/permission-mode';
import type { ToolPolicy } from '../policy/tool-policy';
import type { ITool, RiskWarning } from '../tool/tool';

/** One call at the permission check: the tool, its validated arguments and who can be asked. */
export interface PermissionCheck {
  readonly tool: ITool;
  readonly toolCallId: string;
  readonly params: Record<string, unknown>;
  readonly policy: ToolPolicy;
  readonly mode: PermissionMode;
  readonly confirm?: ConfirmCall;
  /** The workspace path rules resolve against. @default process.cwd() */
  readonly workspaceRoot?: string;
}

/**
 * The one place a call is allowed, asked about or refused before it runs. Computes the call's
 * risk warnings, asks the policy for a decision ({@link ToolPolicy.decide}: rules, warnings, the
 * mode), and on `ask` asks the host's `confirm` with the rule that made it ask; throws a
 * {@link PermissionDeniedError} (the model reads why, and which rule) on `deny`, when the answer
 * is no, or when there is nobody to ask. Never runs the tool. Returns the decision that let the
 * call through.
 */
export async function checkCallPermission(check: PermissionCheck): Promise<PermissionDecision> {
  const { tool, policy, mode } = check;
  const warnings = await warningsOf(tool, check.params);
  const decision = await policy.decide({
    tool,
    params: check.params,
    mode,
    warnings,
    workspaceRoot: check.workspaceRoot,
  });
  if (decision.behavior === 'allow') return decision;
  if (decision.behavior === 'deny') {
    throw new PermissionDeniedError({
      message: `The call to ${tool.name} was refused and not run. ${decision.reason}`,
    });
  }
  const { reason } = decision;
  if (!check.confirm) {
    throw new PermissionDeniedError({
      message: `The call to ${tool.name} was not run: it needs the user's confirmation (${reason}) and this host has no way to ask.`,
    });
  }
  const answer = await check.confirm({
    toolCallId: check.toolCallId,
    toolName: tool.name,
    params: check.params,
    warnings,
    reason,
    ...(decision.rule !== undefined && { matchedRule: decision.rule }),
  });
  const approved = typeof answer === 'boolean' ? answer : answer.approved;
  if (approved) return decision;
  const why = typeof answer === 'object' && answer.reason ? ` (${answer.reason})` : '';
  throw new PermissionDeniedError({
    message: `The user declined the call to ${tool.name}${why}; it was not run.`,
  });
}

async function warningsOf(
  tool: ITool,
  params: Record<string, unknown>,
): Promise<readonly RiskWarning[]> {
  if (!tool.assessRisk) return [];
  try {
    return (await tool.assessRisk(params)) ?? [];
  } catch {
    return [];
  }
}
