import { PermissionDeniedError } from '../errors/permission-denied-error';
import type { ConfirmCall } from '../permissions/confirmation';
import type { PermissionMode } from '../policy/permission-mode';
import type { ToolPolicy } from '../policy/tool-policy';
import type { ITool } from '../tool/tool';
import { type CallDecision, decideCall } from './call-decision';

/** One call at the permission check: the tool, its validated arguments and who can be asked. */
export interface PermissionCheck {
  /** The tool called. */
  readonly tool: ITool;
  /** The id the model gave the call (passed to `confirm`). */
  readonly toolCallId: string;
  /** The validated arguments. */
  readonly params: Record<string, unknown>;
  /** The policy whose rules and mode defaults decide. */
  readonly policy: ToolPolicy;
  /** The permission mode of the agent making the call. */
  readonly mode: PermissionMode;
  /** Asks the user; without it a call that asks is refused. */
  readonly confirm?: ConfirmCall;
  /** The workspace path rules resolve against. @default process.cwd() */
  readonly workspaceRoot?: string;
  /** The decision already made for exactly this call (by `registry.decide`); decided here otherwise. */
  readonly decided?: CallDecision;
}

/**
 * The one place a call is allowed, asked about or refused before it runs. Decides the call
 * ({@link decideCall}: risk warnings, then the policy's rules and mode), and on `ask` asks the
 * host's `confirm` with the rule that made it ask; throws a {@link PermissionDeniedError} (the
 * model reads why, and which rule) on `deny`, when the answer is no, or when there is nobody to
 * ask. Never runs the tool. Returns the decision that let the call through.
 */
export async function checkCallPermission(check: PermissionCheck): Promise<CallDecision> {
  const { tool } = check;
  const decision = check.decided ?? (await decideCall(check));
  if (decision.decision === 'allow') return decision;
  const reason = decision.reason ?? `${tool.name} needs confirmation.`;
  if (decision.decision === 'deny') {
    throw new PermissionDeniedError({
      message: `The call to ${tool.name} was refused and not run. ${reason}`,
    });
  }
  if (!check.confirm) {
    throw new PermissionDeniedError({
      message: `The call to ${tool.name} was not run: it needs the user's confirmation (${reason}) and this host has no way to ask.`,
    });
  }
  const answer = await check.confirm({
    toolCallId: check.toolCallId,
    toolName: tool.name,
    params: check.params,
    warnings: decision.warnings,
    reason,
    ...(decision.matchedRule !== undefined && { matchedRule: decision.matchedRule }),
  });
  const approved = typeof answer === 'boolean' ? answer : answer.approved;
  if (approved) return decision;
  const why = typeof answer === 'object' && answer.reason ? ` (${answer.reason})` : '';
  throw new PermissionDeniedError({
    message: `The user declined the call to ${tool.name}${why}; it was not run.`,
  });
}
