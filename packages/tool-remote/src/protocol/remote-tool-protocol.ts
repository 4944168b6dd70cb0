import type { RiskWarning } from '@tinyelf/core';

/**
 * The key under `capabilities.experimental` of a TinyElf tool server's `initialize` result. Its
 * value is a {@link RemoteToolsCapability}. A plain MCP client ignores it; the remote-tools plugin
 * refuses a server without it, or with another plugin API or extension version.
 */
export const REMOTE_TOOLS_CAPABILITY = 'tinyelf/remoteTools';

/**
 * The version of the extension described in this file (the two methods and their shapes). It
 * changes when they change incompatibly; client and server must agree.
 */
export const REMOTE_TOOLS_EXTENSION_VERSION = 1;

/**
 * `tinyelf/toolFacts`: a custom JSON-RPC method (no params) answering {@link ToolFactsResult}, the
 * policy facts of every tool the server lists. Plain MCP clients never call it and do not see it.
 */
export const TOOL_FACTS_METHOD = 'tinyelf/toolFacts';

/**
 * `tinyelf/assessRisk`: a custom JSON-RPC method taking {@link AssessRiskParams} and answering
 * {@link AssessRiskResult}: the risk warnings of a call, computed without running it.
 */
export const ASSESS_RISK_METHOD = 'tinyelf/assessRisk';

/**
 * The key of the `_meta` field of a `tools/call` result that may carry the TinyElf error code of
 * a failed call (`PATH_OUTSIDE_WORKSPACE`, `COMMAND_BLOCKED`...). Optional: without it the client
 * infers what it can from the error text.
 */
export const ERROR_CODE_META = 'tinyelf/errorCode';

/**
 * The key of the `_meta` field of a `tools/call` request by which a client says its own host has
 * decided the call knowing the warnings `tinyelf/assessRisk` gave (it asked its user, or its mode
 * runs them): the server then does not ask again about risk warnings. Its deny rules, ask rules
 * and blocked commands still hold.
 */
export const RISK_CONFIRMED_META = 'tinyelf/riskConfirmed';

/**
 * The header the plugin sends with every request when `workspace` is set, for a load balancer to
 * route all of one workspace's calls to one worker (`balance hdr(x-tinyelf-workspace)` in HAProxy).
 */
export const WORKSPACE_HEADER = 'x-tinyelf-workspace';

/** The value of {@link REMOTE_TOOLS_CAPABILITY}. */
export interface RemoteToolsCapability {
  /** The `PLUGIN_API_VERSION` of the server's `@tinyelf/core`. */
  readonly pluginApiVersion: number;
  /** The server's {@link REMOTE_TOOLS_EXTENSION_VERSION}. */
  readonly extensionVersion: number;
}

/** What the server knows about one tool's policy. */
export interface RemoteToolFacts {
  /** The tool changes nothing (the server policy's `isReadOnly`); offered in `plan` mode. */
  readonly readOnly: boolean;
  /** The tool may change things and is not among the server's safe tools. */
  readonly destructive: boolean;
  /** The tool judges calls (`assessRisk`), so the client asks the server before each call. */
  readonly assessesRisk: boolean;
}

/** The answer of {@link TOOL_FACTS_METHOD}. */
export interface ToolFactsResult {
  /** The facts by tool name. */
  readonly tools: Readonly<Record<string, RemoteToolFacts>>;
}

/** The params of {@link ASSESS_RISK_METHOD}. */
export interface AssessRiskParams {
  /** The tool's name. */
  readonly name: string;
  /** The call's arguments, as `tools/call` would get them. */
  readonly arguments: Record<string, unknown>;
}

/** The answer of {@link ASSESS_RISK_METHOD}. */
export interface AssessRiskResult {
  /** The call's warnings; empty when it needs none (an unknown tool or bad arguments give none). */
  readonly warnings: readonly RiskWarning[];
}

/**
 * The key of a `_meta` field, set to `true`, of a `notifications/progress` the server sends for a
 * report without counts (a line of text only): its `progress` is then the server's own report
 * counter (MCP requires one), not the tool's. The client passes such a report on as text only.
 */
export const PROGRESS_COUNTED_META = 'tinyelf/progressCounted';
