import { PermissionDeniedError } from '../errors/permission-denied-error';
import type { ConfirmCall } from '../permissions/confirmation';
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
}

/**
 * The one place a call is allowed, asked about or refused before it runs. Computes the call's
 * risk warnings, asks the policy whether it needs confirmation, and then asks the host's
 * `confirm`; throws a {@link PermissionDeniedError} (the model reads why) when the answer is no
 * or there is nobody to ask. Never runs the tool.
 */
export async function checkCallPermission(check: PermissionCheck): Promise<void> {
  const { tool, policy, mode } = check;
  const warnings = await warningsOf(tool, check.params);
  if (!policy.requiresConfirmation(tool.name, mode, warnings)) return;
  const reason =
    warnings.length > 0
      ? warnings.map((warning) => warning.message).join(' ')
      : `${tool.name} asks before it runs in ${mode} mode.`;
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
  });
  const approved = typeof answer === 'boolean' ? answer : answer.approved;
  if (approved) return;
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
