import type { ConfirmCall } from '../permissions/confirmation';
import type { ToolCallHook } from '../permissions/tool-call-hook';
import type { PermissionMode } from '../policy/permission-mode';
import type { ToolPolicy } from '../policy/tool-policy';
import type { ToolContext } from '../tool/tool';
import type { AuditLogOptions } from './call-audit';
import type { CallDecision } from './call-decision';

/** Options of a `ToolRegistry`; a filtered registry shares its parent's. */
export interface ToolRegistryOptions {
  /** Outputs longer than this many characters are cut (a tool may set its own). @default 50_000 */
  readonly maxChars?: number;
  /** The workspace the tools work in; passed to tools and used for the default spill folder. */
  readonly workspaceRoot?: string;
  /**
   * Where the full text of a cut output is saved, or `false` to keep nothing.
   * @default `<workspaceRoot>/.tinyelf/tool-output`, or `<tmpdir>/tinyelf-tool-output` without a workspace
   */
  readonly spillDirectory?: string | false;
  /** Saved outputs older than this are deleted. @default 86_400_000 (a day) */
  readonly spillMaxAgeMs?: number;
  /** At most this many saved outputs are kept. @default 100 */
  readonly spillMaxFiles?: number;
  /** A time limit for every call that does not set its own; none by default. */
  readonly defaultTimeoutMs?: number;
  /**
   * The policy every call is checked against before it runs (the builder always sets one): a call
   * that needs confirmation runs only when the caller's `confirm` says yes, and is refused when
   * the caller gave none. Without a policy every valid call runs (a hand-written loop's choice).
   */
  readonly policy?: ToolPolicy;
  /**
   * Hooks run around every call, in this order (see `ToolCallHook`): before-hooks after
   * validation and before the permission decision, after-hooks once the tool ran and before the
   * output limit. The list is read at each call.
   */
  readonly hooks?: readonly ToolCallHook[];
  /** Where one JSON line per call is appended (see `AuditEntry`); no log by default. */
  readonly audit?: AuditLogOptions;
}

/** Per-call options of `ToolRegistry.execute`. */
export interface ToolExecuteOptions {
  /** Aborts the call; the result is an error with code `TOOL_ABORTED`. */
  readonly signal?: AbortSignal;
  /** Bounds the call; past it the tool's signal fires and the result has code `TOOL_TIMEOUT`. */
  readonly timeoutMs?: number;
  /** Overrides the output limit for this call. */
  readonly maxChars?: number;
  /** More context for the tool (agent, progress callback). */
  readonly context?: Omit<ToolContext, 'toolCallId' | 'signal'>;
  /**
   * The permission mode the call is decided in (with a policy). @default the agent's mode from
   * `context.agent.permissionMode`, else `default`
   */
  readonly mode?: PermissionMode;
  /** Asks the user about a call that needs confirmation; without it such a call is refused. */
  readonly confirm?: ConfirmCall;
  /**
   * What `ToolRegistry.decide` answered for this same call (tool, arguments, mode and
   * workspace): acted on instead of deciding again, so the risk check runs once. A decision this
   * registry did not make, or made for another call (a hook rewrote its arguments, say), is
   * ignored and the call is decided anew.
   */
  readonly decision?: CallDecision;
}
