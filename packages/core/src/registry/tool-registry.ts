import { DuplicateToolError } from '../errors/duplicate-tool-error';
import type { PermissionMode } from '../policy/permission-mode';
import { ArgumentValidator } from '../schema/argument-validator';
import { loadedTypeBoxRuntime, loadTypeBoxRuntime } from '../schema/typebox-runtime';
import type { ITool, RiskWarning } from '../tool/tool';
import { type CallDecision, decideCall } from './call-decision';
import { type DefinitionByFormat, type DefinitionFormat, toDefinition } from './definition-formats';
import { executeCall } from './execute-call';
import type { ToolExecuteOptions, ToolRegistryOptions } from './registry-options';
import type { ToolCallResult } from './tool-call-result';
import { toolNotFoundError } from './tool-not-found';
import { assertToolShape } from './tool-shape';

export { DEFAULT_MAX_CHARS } from './call-output';
export type { ToolExecuteOptions, ToolRegistryOptions } from './registry-options';

/** The options {@link ToolRegistry.decide} shares with `execute`: the mode and the context. */
export type ToolDecideOptions = Pick<ToolExecuteOptions, 'mode' | 'context'>;

/** The mode and workspace a call is decided in. */
interface CallSettings {
  readonly mode: PermissionMode;
  readonly workspaceRoot: string | undefined;
}

/** Options of {@link ToolRegistry.register}. */
export interface RegisterOptions {
  /** Replace a tool of the same name instead of throwing. @default false */
  readonly replace?: boolean;
}

interface Entry {
  readonly tool: ITool;
  validator?: ArgumentValidator;
}

/**
 * Holds the tools an agent may call and runs the calls a model makes. `execute` never rejects:
 * an unknown tool, bad arguments, a tool that throws, hangs or is aborted all become error
 * results the model can read and act on.
 */
export class ToolRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly definitionCache = new Map<DefinitionFormat, readonly unknown[]>();
  private readonly decisions = new WeakMap<CallDecision, string>();

  /**
   * Creates an empty registry.
   * @param options - the output limit, workspace, spill folder and default time limit (a filtered
   * registry shares them)
   */
  constructor(readonly options: ToolRegistryOptions = {}) {}

  /**
   * Adds a tool. A name that is already registered throws a {@link DuplicateToolError} unless
   * `replace` is set; a malformed tool (bad name, no description, no object schema, no
   * `execute`) throws too. Both are programmer errors, not model errors.
   */
  register(tool: ITool, options: RegisterOptions = {}): this {
    assertToolShape(tool);
    if (this.entries.has(tool.name) && !options.replace) {
      throw new DuplicateToolError({
        toolName: tool.name,
        message: `A tool named "${tool.name}" is already registered. Unregister it first, or register with { replace: true } to replace it.`,
      });
    }
    this.entries.set(tool.name, { tool });
    this.definitionCache.clear();
    return this;
  }

  /** Adds several tools in order; stops at the first one that cannot be registered. */
  registerAll(tools: Iterable<ITool>, options: RegisterOptions = {}): this {
    for (const tool of tools) this.register(tool, options);
    return this;
  }

  /** Removes a tool; returns whether it was there. */
  unregister(name: string): boolean {
    const removed = this.entries.delete(name);
    if (removed) this.definitionCache.clear();
    return removed;
  }

  /** The tool of that name, if registered. */
  get(name: string): ITool | undefined {
    return this.entries.get(name)?.tool;
  }

  /** Whether a tool of that name is registered. */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Every tool, in registration order. */
  getAll(): ITool[] {
    return [...this.entries.values()].map((entry) => entry.tool);
  }

  /** Every tool name, in registration order. */
  getNames(): string[] {
    return [...this.entries.keys()];
  }

  /** The number of tools. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The tools as a model provider expects them, in registration order (stable, so prompt
   * caches keep hitting). OpenAI function calling by default; `'anthropic'` and `'gemini'`
   * give those providers' shapes.
   */
  getDefinitions<Format extends DefinitionFormat = 'openai'>(
    format: Format = 'openai' as Format,
  ): DefinitionByFormat[Format][] {
    let cached = this.definitionCache.get(format);
    if (!cached) {
      cached = this.getAll().map((tool) => toDefinition(tool, format));
      this.definitionCache.set(format, cached);
    }
    return [...cached] as DefinitionByFormat[Format][];
  }

  /**
   * A new registry with only the named tools (in this registry's order), sharing the tool
   * instances and options. A name ending in `*` matches a prefix (`mcp__github__*`); names that
   * match nothing are ignored.
   */
  createFiltered(allowedNames: Iterable<string>): ToolRegistry {
    const exact = new Set<string>();
    const prefixes: string[] = [];
    for (const name of allowedNames) {
      if (name.endsWith('*')) prefixes.push(name.slice(0, -1));
      else exact.add(name);
    }
    const kept = [...this.entries].filter(
      ([name]) => exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix)),
    );
    const filtered = new ToolRegistry(this.options);
    for (const [name, entry] of kept) filtered.entries.set(name, entry);
    return filtered;
  }

  /**
   * The risk warnings a tool attaches to a call (for example a shell command using `sudo`),
   * computed on the validated arguments before the call runs. Never throws: an unknown tool,
   * invalid arguments or a failing check give no warnings (`execute` reports those).
   */
  async assessRisk(toolName: string, params: unknown): Promise<readonly RiskWarning[]> {
    const entry = this.entries.get(toolName);
    if (!entry?.tool.assessRisk) return [];
    try {
      const validation = (await this.validatorFor(entry)).validate(params);
      if (!validation.ok) return [];
      return (await entry.tool.assessRisk(validation.value)) ?? [];
    } catch {
      return [];
    }
  }

  /**
   * What `execute` would decide about a call under this registry's policy, without running it or
   * asking anyone: `allow`, `ask` (the host's `confirm` would be asked) or `deny`, with the call's
   * risk warnings, the reason and the rule that decided. Takes `execute`'s mode and context, and
   * resolves them the same way. For hosts that ask before they call `execute` (the AI SDK's
   * approval flow, an MCP client's user); hand the answer to `execute` as `decision` to decide
   * once. Never throws: without a policy, for an unknown tool or invalid arguments the answer is
   * `allow` (`execute` reports the error and runs nothing); a decision that fails is `ask`.
   */
  async decide(
    toolName: string,
    params: unknown,
    options: ToolDecideOptions = {},
  ): Promise<CallDecision> {
    const entry = this.entries.get(toolName);
    const policy = this.options.policy;
    if (!entry || !policy) return { decision: 'allow', warnings: [] };
    try {
      const validation = (await this.validatorFor(entry)).validate(params);
      if (!validation.ok) return { decision: 'allow', warnings: [] };
      const settings = this.callSettings(options);
      const decision = await decideCall({
        tool: entry.tool,
        params: validation.value,
        policy,
        ...settings,
      });
      const key = callKey(toolName, validation.value, settings);
      if (key !== undefined) this.decisions.set(decision, key);
      return decision;
    } catch (error) {
      return {
        decision: 'ask',
        warnings: [],
        reason: `The call could not be decided (${error instanceof Error ? error.message : String(error)}), so it needs the user's confirmation.`,
      };
    }
  }

  /** The mode and workspace a call is decided in: the options', else the agent's, else the registry's. */
  private callSettings(options: ToolDecideOptions): CallSettings {
    return {
      mode: options.mode ?? options.context?.agent?.permissionMode ?? 'default',
      workspaceRoot: options.context?.workspaceRoot ?? this.options.workspaceRoot,
    };
  }

  /** `options.decision` when this registry made it for exactly this call (after any hook rewrote it). */
  private reusedDecision(
    toolName: string,
    options: ToolExecuteOptions,
    params: Record<string, unknown>,
  ): CallDecision | undefined {
    const given = options.decision;
    const key = given && this.decisions.get(given);
    if (key === undefined) return undefined;
    return key === callKey(toolName, params, this.callSettings(options)) ? given : undefined;
  }

  /**
   * Runs one tool call. Always resolves, never rejects: see {@link ToolCallResult}. The steps, in
   * order: look the tool up; coerce and validate the arguments; the before-hooks (which may refuse
   * the call, ask about it, or rewrite its arguments, validated again); risk warnings, the policy's
   * rules and mode, and the caller's `confirm` when the answer is "ask"; run the tool (bounded by
   * the signal and timeout); the after-hooks (which may replace or add to the result); cut long
   * output (saving the full text); end every error with a retry hint. With an audit log each call
   * is one JSON line; with `@opentelemetry/api` installed each call is an `execute_tool` span.
   */
  execute(
    toolCallId: string,
    toolName: string,
    params: unknown,
    options: ToolExecuteOptions = {},
  ): Promise<ToolCallResult> {
    const entry = this.entries.get(toolName);
    return executeCall({
      registry: this,
      registryOptions: this.options,
      tool: entry?.tool,
      notFound: () => toolNotFoundError(toolName, this.getNames()),
      validator: entry?.validator,
      loadValidator: () => this.validatorFor(entry as Entry),
      toolCallId,
      toolName,
      params,
      options,
      reusedDecision: (validated) => this.reusedDecision(toolName, options, validated),
    });
  }

  private async validatorFor(entry: Entry): Promise<ArgumentValidator> {
    const runtime = loadedTypeBoxRuntime() ?? (await loadTypeBoxRuntime());
    entry.validator ??= new ArgumentValidator(entry.tool.parameters, runtime);
    return entry.validator;
  }
}

/** Names one call for matching a decision to it: the tool, the mode, the workspace, the arguments. */
function callKey(
  toolName: string,
  params: Record<string, unknown>,
  settings: CallSettings,
): string | undefined {
  try {
    return JSON.stringify([toolName, settings.mode, settings.workspaceRoot ?? '', params]);
  } catch {
    return undefined;
  }
}
