import { DuplicateToolError } from '../errors/duplicate-tool-error';
import { InvalidToolInputError } from '../errors/invalid-tool-input-error';
import { TinyElfError } from '../errors/tinyelf-error';
import { toTinyElfError } from '../errors/to-tinyelf-error';
import type { ConfirmCall } from '../permissions/confirmation';
import type { ToolCallHook } from '../permissions/tool-call-hook';
import type { PermissionMode } from '../policy/permission-mode';
import type { ToolPolicy } from '../policy/tool-policy';
import { ArgumentValidator } from '../schema/argument-validator';
import { loadedTypeBoxRuntime, loadTypeBoxRuntime } from '../schema/typebox-runtime';
import type { ITool, RiskWarning, ToolContext } from '../tool/tool';
import {
  describeContentPart,
  isRichToolOutput,
  type ToolContentPart,
  type ToolOutputLimit,
} from '../tool/tool-output';
import { runBoundedCall } from './bounded-call';
import { type CallDecision, decideCall } from './call-decision';
import { checkCallPermission } from './call-permission';
import { type DefinitionByFormat, type DefinitionFormat, toDefinition } from './definition-formats';
import { limitOutput, spillDirectoryOf, type ToolCut } from './output-limit';
import { openSpillFile } from './output-spill';
import { ERROR_RETRY_HINT, type ToolCallResult } from './tool-call-result';
import { toolNotFoundError } from './tool-not-found';
import { assertToolShape } from './tool-shape';

/** Options of a {@link ToolRegistry}; a filtered registry shares its parent's. */
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
  /** Hooks run around every call, in order (see {@link ToolCallHook}). */
  readonly hooks?: readonly ToolCallHook[];
}

/** Per-call options of {@link ToolRegistry.execute}. */
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
   * What {@link ToolRegistry.decide} answered for this same call (tool, arguments, mode and
   * workspace): acted on instead of deciding again, so the risk check runs once. A decision this
   * registry did not make, or made for another call, is ignored (the call is decided anew).
   */
  readonly decision?: CallDecision;
}

/** The options {@link ToolRegistry.decide} shares with `execute`: the mode and the context. */
export type ToolDecideOptions = Pick<ToolExecuteOptions, 'mode' | 'context'>;

/** Options of {@link ToolRegistry.register}. */
export interface RegisterOptions {
  /** Replace a tool of the same name instead of throwing. @default false */
  readonly replace?: boolean;
}

interface Entry {
  readonly tool: ITool;
  validator?: ArgumentValidator;
}

/** The output limit of a registry that sets none: outputs longer than this are cut (and saved). */
export const DEFAULT_MAX_CHARS = 50_000;

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
  private callSettings(options: ToolDecideOptions): {
    mode: PermissionMode;
    workspaceRoot: string | undefined;
  } {
    return {
      mode: options.mode ?? options.context?.agent?.permissionMode ?? 'default',
      workspaceRoot: options.context?.workspaceRoot ?? this.options.workspaceRoot,
    };
  }

  /**
   * Runs one tool call. Always resolves, never rejects: see {@link ToolCallResult}. The steps:
   * look the tool up, coerce and validate the arguments, run the tool (bounded by the signal and
   * timeout), cut long output (saving the full text), and end every error with a retry hint.
   */
  async execute(
    toolCallId: string,
    toolName: string,
    params: unknown,
    options: ToolExecuteOptions = {},
  ): Promise<ToolCallResult> {
    const started = performance.now();
    const entry = this.entries.get(toolName);
    try {
      if (!entry) throw toolNotFoundError(toolName, this.getNames());
      const validator = entry.validator ?? (await this.validatorFor(entry));
      const validation = validator.validate(params);
      if (!validation.ok) {
        throw new InvalidToolInputError({
          issues: validation.issues,
          message: `Invalid arguments for tool "${toolName}":\n${validation.issues
            .map((issue) => `- ${issue.path}: ${issue.message}`)
            .join('\n')}`,
        });
      }
      if (this.options.policy) {
        const settings = this.callSettings(options);
        const given = options.decision;
        const key = given && this.decisions.get(given);
        const reused = key !== undefined && key === callKey(toolName, validation.value, settings);
        await checkCallPermission({
          tool: entry.tool,
          toolCallId,
          params: validation.value,
          policy: this.options.policy,
          confirm: options.confirm,
          ...settings,
          ...(reused && { decided: given }),
        });
      }
      const output = await this.run(entry.tool, toolCallId, validation.value, options);
      const { text, parts, cut } = toolText(output);
      return await this.finish(entry.tool, toolCallId, text, false, started, options, parts, cut);
    } catch (thrown) {
      const error = toTinyElfError(thrown);
      return this.fail(entry?.tool, toolCallId, toolName, error, started, options);
    }
  }

  private async validatorFor(entry: Entry): Promise<ArgumentValidator> {
    const runtime = loadedTypeBoxRuntime() ?? (await loadTypeBoxRuntime());
    entry.validator ??= new ArgumentValidator(entry.tool.parameters, runtime);
    return entry.validator;
  }

  private run(
    tool: ITool,
    toolCallId: string,
    params: Record<string, unknown>,
    options: ToolExecuteOptions,
  ): Promise<unknown> {
    const extra = options.context;
    return runBoundedCall(
      tool,
      params,
      {
        ...extra,
        workspaceRoot: extra?.workspaceRoot ?? this.options.workspaceRoot,
        toolCallId,
        registry: this,
        outputLimit: this.outputLimitFor(tool, options),
        ...(options.confirm && { confirm: options.confirm }),
      },
      { signal: options.signal, timeoutMs: options.timeoutMs ?? this.options.defaultTimeoutMs },
    );
  }

  /** The limit `finish` applies to this tool's calls, and a way to save full output early. */
  private outputLimitFor(tool: ITool | undefined, options: ToolExecuteOptions): ToolOutputLimit {
    const maxChars =
      options.maxChars ?? tool?.maxOutputChars ?? this.options.maxChars ?? DEFAULT_MAX_CHARS;
    const keep = tool?.outputKeep ?? 'head';
    const directory = spillDirectoryOf(this.options);
    if (!directory) return { maxChars, keep };
    const spill = {
      directory,
      maxAgeMs: this.options.spillMaxAgeMs,
      maxFiles: this.options.spillMaxFiles,
    };
    return { maxChars, keep, openSpillFile: () => openSpillFile(spill, tool?.name ?? 'tool') };
  }

  private fail(
    tool: ITool | undefined,
    toolCallId: string,
    toolName: string,
    error: TinyElfError,
    started: number,
    options: ToolExecuteOptions,
  ): Promise<ToolCallResult> {
    const prefix = TinyElfError.hasCode(error, 'TOOL_EXECUTION_FAILED')
      ? `Error running tool "${toolName}": `
      : 'Error: ';
    return this.finish(
      tool,
      toolCallId,
      `${prefix}${error.message}`,
      true,
      started,
      options,
      undefined,
      undefined,
      error.code,
      String(toolName),
    );
  }

  private async finish(
    tool: ITool | undefined,
    toolCallId: string,
    content: string,
    isError: boolean,
    started: number,
    options: ToolExecuteOptions,
    parts?: readonly ToolContentPart[],
    cut?: ToolCut,
    errorCode?: string,
    requestedName?: string,
  ): Promise<ToolCallResult> {
    const toolName = tool?.name ?? requestedName ?? '';
    const { maxChars, keep } = this.outputLimitFor(tool, options);
    const limited = await limitOutput(toolName, content, maxChars, this.options, keep, cut);
    let text = limited.text;
    const { truncated, fullOutputPath } = limited;
    if (isError) text = `${text}\n\n${ERROR_RETRY_HINT}`;
    const result: ToolCallResult = {
      toolCallId,
      toolName,
      content: text,
      isError,
      truncated,
      durationMs: performance.now() - started,
    };
    if (errorCode === undefined && fullOutputPath === undefined && !parts) return result;
    return {
      ...result,
      ...(parts && { parts }),
      ...(errorCode && { errorCode }),
      ...(fullOutputPath && { fullOutputPath }),
    };
  }
}

/** Names one call for matching a decision to it: the tool, the mode, the workspace, the arguments. */
function callKey(
  toolName: string,
  params: Record<string, unknown>,
  settings: { mode: PermissionMode; workspaceRoot: string | undefined },
): string | undefined {
  try {
    return JSON.stringify([toolName, settings.mode, settings.workspaceRoot ?? '', params]);
  } catch {
    return undefined;
  }
}

/**
 * The text of a tool's output, and its parts when it returned more than text: the text is what a
 * text-only model reads (images described in a line), the parts what a multimodal one gets.
 */
function toolText(output: unknown): {
  text: string;
  parts?: readonly ToolContentPart[];
  cut?: ToolCut;
} {
  if (typeof output === 'string') return { text: output };
  if (output === undefined || output === null) return { text: '' };
  if (isRichToolOutput(output)) {
    const text = output.parts.map(describeContentPart).join('\n');
    const { truncated, fullOutputPath } = output;
    const cut =
      truncated || typeof fullOutputPath === 'string' ? { truncated, fullOutputPath } : {};
    return output.parts.every((part) => part.type === 'text')
      ? { text, cut }
      : { text, parts: output.parts, cut };
  }
  if (typeof output === 'object') {
    try {
      return { text: JSON.stringify(output, null, 2) };
    } catch {
      return { text: String(output) };
    }
  }
  return { text: String(output) };
}
