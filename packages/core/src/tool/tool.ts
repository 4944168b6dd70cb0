import type { ConfirmCall } from '../permissions/confirmation';
import type { ToolPermissionSpecifiers } from '../permissions/tool-permission-specifiers';
import type { PermissionMode } from '../policy/permission-mode';
import type { ToolRegistry } from '../registry/tool-registry';
import type { ToolOutput, ToolOutputLimit, ToolProgress } from './tool-output';
import type { ToolParametersSchema } from './tool-parameters';

/**
 * A plain JSON Schema document, as the registry hands it out (`getDefinitions`) and walks it.
 * What a tool's `parameters` may be is wider: {@link ToolParametersSchema} accepts interfaces
 * such as `JSONSchema7` and TypeBox schemas too.
 */
export type JsonSchema = { [keyword: string]: unknown };

/** A reason a particular call is risky, shown to the user when the call asks for confirmation. */
export interface RiskWarning {
  /** A stable identifier of the rule that fired, such as `sudo` or `writes-git-hooks`. */
  readonly rule: string;
  /** What makes the call risky, in a sentence for the user. */
  readonly message: string;
  /**
   * `block`: the call is never run, not even when the user would approve it (the policy denies
   * it without asking). @default 'warn' (the call asks the user)
   */
  readonly severity?: 'warn' | 'block';
}

/**
 * When a tool asks before it runs, used when it is in none of the policy's configured lists:
 * `never` (a read-only tool), `edits` (no asking in `acceptEdits`, like Write and Edit), `always`.
 */
export type ToolConfirmation = 'never' | 'edits' | 'always';

/** What a tool receives besides its parameters while it runs. */
export interface ToolContext {
  /** The id the model gave this call. */
  readonly toolCallId: string;
  /** Fires when the caller aborts or the call times out; a tool should stop when it does. */
  readonly signal: AbortSignal;
  /** The workspace root the registry was built for, when it has one. */
  readonly workspaceRoot?: string;
  /** The agent making the call, when an agent loop runs it. */
  readonly agent?: {
    /** The agent's name (`main` for the top-level one). */
    readonly name: string;
    /** 0 for the main agent, 1 for its sub-agents. */
    readonly depth?: number;
    /** The agent's permission mode. */
    readonly permissionMode?: PermissionMode;
  };
  /** The registry running the call (tools that start sub-agents take the parent's tools from it). */
  readonly registry?: ToolRegistry;
  /**
   * Reports progress of a long-running call (shown to the user, not to the model): a line of
   * text, and how far the call has come when the tool can count it.
   */
  readonly onProgress?: (message: string, progress?: ToolProgress) => void;
  /**
   * The output limit the registry will apply to this call, and where the tool may save its
   * complete output itself (set by the registry; absent when a tool is called directly).
   */
  readonly outputLimit?: ToolOutputLimit;
  /**
   * The host's `confirm` of this call (from `execute`'s options), so a tool that runs an agent
   * (`spawn_agent`) lets that agent's calls ask the same user.
   */
  readonly confirm?: ConfirmCall;
}

/**
 * A tool an LLM can call. `execute(params)` with one argument must keep working: the context is
 * optional for tool authors.
 */
export interface ITool {
  /** Unique within a registry; matches `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  /** What the model reads to decide when and how to call the tool. */
  readonly description: string;
  /**
   * An object schema for the parameters: a plain JSON Schema object, a `JSONSchema7`, a `typebox`
   * 1.x or a `@sinclair/typebox` 0.34 schema.
   */
  readonly parameters: ToolParametersSchema;
  /**
   * Runs the tool and returns what the model reads: text, or parts (text and images, see
   * `ToolOutput`).
   */
  execute(params: Record<string, unknown>, context?: ToolContext): Promise<ToolOutput>;
  /** True when the tool changes nothing (offered in `plan` mode). @default false */
  readonly readOnly?: boolean;
  /**
   * The tool's definition in a provider's own format, used instead of the function definition for
   * that provider (a provider's server-side tool, such as its built-in web search).
   */
  readonly providerDefinitions?: Readonly<
    Partial<Record<'openai' | 'anthropic' | 'gemini', Readonly<Record<string, unknown>>>>
  >;
  /** Overrides the registry's `maxChars` for this tool's output. */
  readonly maxOutputChars?: number;
  /**
   * Which part of a too-long output is kept: the start (`head`, the default), the end (`tail`),
   * or both with the middle cut (`head-and-tail`, for command output whose end matters).
   */
  readonly outputKeep?: OutputKeep;
  /**
   * Returns the risks of a particular call before it runs (for example a shell command that uses
   * `sudo`). A warned call needs confirmation in every mode but `bypassPermissions`.
   */
  assessRisk?(
    params: Record<string, unknown>,
    context?: ToolContext,
  ): readonly RiskWarning[] | Promise<readonly RiskWarning[]>;
  /**
   * When the tool asks for confirmation, if the policy's lists (safe tools, edit tools) do not
   * name it: a third-party read-only tool says `never` instead of being added to `safeTools`.
   * @default 'always'
   */
  readonly confirmation?: ToolConfirmation;
  /**
   * What a permission rule's specifier means for this tool (`MyTool(x)`): its syntax and how a
   * call matches. Without it only core's file tools and WebFetch take specifiers.
   */
  readonly permissionSpecifiers?: ToolPermissionSpecifiers;
}

/** Which part of a too-long output a tool keeps (see {@link ITool.outputKeep}). */
export type OutputKeep = 'head' | 'tail' | 'head-and-tail';

/** The pattern every tool name must match. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
