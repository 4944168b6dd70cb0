/** What the policy decided about one call. */
export type PermissionBehavior = 'allow' | 'ask' | 'deny';

/** The policy's decision about one call, with the rule that made it when a rule did. */
export interface PermissionDecision {
  /** `allow` runs the call, `ask` asks the host's `confirm` first, `deny` refuses it. */
  readonly behavior: PermissionBehavior;
  /** The rule that decided, written `kind: Rule` (`deny: Bash(rm:*)`); absent for mode defaults and risk warnings. */
  readonly rule?: string;
  /** Why, in a sentence for the user and the model. */
  readonly reason: string;
}
