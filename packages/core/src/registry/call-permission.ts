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
  return confirmDecision(check.decided ?? (await decideCall(check)), {
    toolName: check.tool.name,
    toolCallId: check.toolCallId,
    params: check.params,
    confirm: check.confirm,
  });
}

/** The call a decision is acted on for: who is asked about what. */
export interface DecidedCall {
  /** The tool called. */
  readonly toolName: string;
  /** The id the model gave the call. */
  readonly toolCallId: string;
  /** The arguments the call runs with. */
  readonly params: Record<string, unknown>;
  /** Who asks the user; without it an `ask` is refused. */
  readonly confirm?: ConfirmCall;
}

/**
 * Acts on a decision made already: `allow` returns it, `ask` asks the host's `confirm` (with the
 * rule or hook that made it ask), `deny`, a no, or nobody to ask throw a
 * {@link PermissionDeniedError}. What {@link checkCallPermission} does after deciding, and what
 * `execute` does when a before-hook asked.
 */
export async function confirmDecision(
  decision: CallDecision,
  call: DecidedCall,
): Promise<CallDecision> {
  const { toolName } = call;
  if (decision.decision === 'allow') return decision;
  const reason = decision.reason ?? `${toolName} needs confirmation.`;
  if (decision.decision === 'deny') {
    throw new PermissionDeniedError({
      message: `The call to ${toolName} was refused and not run. ${reason}`,
    });
  }
  if (!call.confirm) {
    throw new PermissionDeniedError({
      message: `The call to ${toolName} was not run: it needs the user's confirmation (${reason}) and this host has no way to ask.`,
    });
  }
  const answer = await call.confirm({
    toolCallId: call.toolCallId,
    toolName,
    params: call.params,
    warnings: decision.warnings,
    reason,
    ...(decision.matchedRule !== undefined && { matchedRule: decision.matchedRule }),
  });
  const approved = typeof answer === 'boolean' ? answer : answer.approved;
  if (approved) return decision;
  const why = typeof answer === 'object' && answer.reason ? ` (${answer.reason})` : '';
  throw new PermissionDeniedError({
    message: `The user declined the call to ${toolName}${why}; it was not run.`,
  });
}
