import type { ToolCallResult } from '../registry/tool-call-result';

/** A call as hooks see it: validated arguments, before it runs or with its result after. */
export interface HookedCall {
  /** The id the model gave the call. */
  readonly toolCallId: string;
  /** The tool called. */
  readonly toolName: string;
  /** The validated arguments. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The agent making the call, when an agent loop runs it. */
  readonly agentName?: string;
  /**
   * Fires when the hook's time is up or the call is aborted: a hook that starts work (a process,
   * a request) stops it. The registry does not wait for a hook past its time either way.
   */
  readonly signal?: AbortSignal;
}

/** What a before-hook decides; `undefined` lets the call go on unchanged. */
export type BeforeToolCallDecision =
  | {
      /** Refuse the call. */
      readonly decision: 'deny';
      /** Why, for the model and the audit log. */
      readonly reason: string;
    }
  | {
      /** Ask the user before the call runs. */
      readonly decision: 'ask';
      /** Why, for the user. */
      readonly reason: string;
    }
  | {
      /** Let the call go on. */
      readonly decision: 'continue';
      /** Arguments to run with instead (validated again). */
      readonly params?: Readonly<Record<string, unknown>>;
    };

/** What an after-hook makes of a result; `undefined` keeps it. */
export type AfterToolCallDecision =
  | {
      /** Text that replaces the result's content. */
      readonly content: string;
    }
  | {
      /** Text added at the end of the result's content. */
      readonly append: string;
    };

/** How long a hook may take before the registry gives up on it and refuses the call. */
export const DEFAULT_HOOK_TIMEOUT_MS = 10_000;

/**
 * A hook around every call of a registry: in-process code registered through the plugin contract
 * (`ToolPlugin.createHooks`), the container (`Tokens.ToolCallHook`) or `ToolRegistryOptions.hooks`,
 * or a command from configuration ({@link createCommandHooks}). The order of a call: validate →
 * before-hooks → risk, rules and confirmation → run → after-hooks → output limit. A hook that
 * throws, times out or answers something that is not a decision refuses the call (an after-hook's
 * failure withholds the result); it never lets it through.
 */
export interface ToolCallHook {
  /** A name for messages and the audit log. */
  readonly name: string;
  /** Only calls of tools whose name matches run this hook (`*` ends a prefix). @default every tool */
  readonly toolNames?: readonly string[];
  /** How long the hook may take, in milliseconds. @default DEFAULT_HOOK_TIMEOUT_MS (10 s) */
  readonly timeoutMs?: number;
  /** Runs before the call: may deny it, make it ask, or change its arguments. */
  beforeToolCall?(
    call: HookedCall,
  ): BeforeToolCallDecision | undefined | Promise<BeforeToolCallDecision | undefined>;
  /** Runs after the call: may replace or add to its result. */
  afterToolCall?(
    call: HookedCall,
    result: ToolCallResult,
  ): AfterToolCallDecision | undefined | Promise<AfterToolCallDecision | undefined>;
}
