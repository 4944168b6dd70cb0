import type { ToolCallResult } from '../registry/tool-call-result';

/** A call as hooks see it: validated arguments, before it runs or with its result after. */
export interface HookedCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** The agent making the call, when an agent loop runs it. */
  readonly agentName?: string;
}

/** What a before-hook decides; `undefined` lets the call go on unchanged. */
export type BeforeToolCallDecision =
  | { readonly decision: 'deny'; readonly reason: string }
  | { readonly decision: 'ask'; readonly reason: string }
  | { readonly decision: 'continue'; readonly params?: Readonly<Record<string, unknown>> };

/** What an after-hook makes of a result; `undefined` keeps it. */
export type AfterToolCallDecision = { readonly content: string } | { readonly append: string };

/**
 * A hook around every call of a registry: in-process code registered through the plugin contract,
 * the container, or a command from configuration. A hook that throws or times out denies the call.
 */
export interface ToolCallHook {
  /** A name for messages and the audit log. */
  readonly name: string;
  /** Only calls of tools whose name matches run this hook (`*` ends a prefix). @default every tool */
  readonly toolNames?: readonly string[];
  beforeToolCall?(
    call: HookedCall,
  ): BeforeToolCallDecision | undefined | Promise<BeforeToolCallDecision | undefined>;
  afterToolCall?(
    call: HookedCall,
    result: ToolCallResult,
  ): AfterToolCallDecision | undefined | Promise<AfterToolCallDecision | undefined>;
}
