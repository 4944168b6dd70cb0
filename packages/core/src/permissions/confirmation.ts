import type { RiskWarning } from '../tool/tool';

/** What a host is asked when a call needs the user's confirmation before it runs. */
export interface ConfirmationRequest {
  /** The id the model gave the call. */
  readonly toolCallId: string;
  /** The tool to run. */
  readonly toolName: string;
  /** The validated arguments the tool would run with. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The call's risk warnings (empty when the call asks only because of the rules or mode). */
  readonly warnings: readonly RiskWarning[];
  /** The rule that made the call ask, such as `ask: Bash(git push:*)`, when one did. */
  readonly matchedRule?: string;
  /** Why the call asks, in a sentence for the user. */
  readonly reason: string;
}

/**
 * The host's answer: `true` runs the call, `false` refuses it. The object form adds a reason the
 * model reads when the call is refused.
 */
export type ConfirmationAnswer =
  | boolean
  | {
      /** `true` runs the call, `false` refuses it. */
      readonly approved: boolean;
      /** Why the user refused, for the model. */
      readonly reason?: string;
    };

/** Asks the user (or whatever stands in for them) whether a call may run. */
export type ConfirmCall = (
  request: ConfirmationRequest,
) => ConfirmationAnswer | Promise<ConfirmationAnswer>;
