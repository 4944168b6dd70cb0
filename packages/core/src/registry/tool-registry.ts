import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuplicateToolError } from '../errors/duplicate-tool-error';
import { InvalidToolInputError } from '../errors/invalid-tool-input-error';
import { TinyElfError } from '../errors/tinyelf-error';
import { toTinyElfError } from '../errors/to-tinyelf-error';
import { ToolAbortedError } from '../errors/tool-aborted-error';
import { ToolNotFoundError } from '../errors/tool-not-found-error';
import { ToolTimeoutError } from '../errors/tool-timeout-error';
import { ArgumentValidator } from '../schema/argument-validator';
import { loadedTypeBoxRuntime, loadTypeBoxRuntime } from '../schema/typebox-runtime';
import { type ITool, type RiskWarning, TOOL_NAME_PATTERN, type ToolContext } from '../tool/tool';
import { findClosestName } from './closest-name';
import { type DefinitionByFormat, type DefinitionFormat, toDefinition } from './definition-formats';
import { spillOutput } from './output-spill';
import { ERROR_RETRY_HINT, type ToolCallResult } from './tool-call-result';
import { truncateText } from './truncate-output';

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
 * The signal a call gets when the caller gave neither a signal nor a timeout: it never fires. A
 * tool that hands signals to a library which adds listeners per call can skip it (compare with
 * `===`), so those listeners do not pile up on one long-lived signal.
 */
export const NEVER_ABORTED_SIGNAL: AbortSignal = new AbortController().signal;
const neverAborted = NEVER_ABORTED_SIGNAL;
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
    assertWellFormed(tool);
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
      if (!entry) throw this.notFound(toolName);
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
      const output = await this.run(entry.tool, toolCallId, validation.value, options);
      return await this.finish(entry.tool, toolCallId, toolText(output), false, started, options);
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

  private notFound(toolName: string): ToolNotFoundError {
    const available = this.getNames();
    const closest = findClosestName(String(toolName), available);
    return new ToolNotFoundError({
      toolName,
      availableTools: available,
      message: [
        `Tool "${toolName}" not found.`,
        closest ? ` Did you mean "${closest}"?` : '',
        available.length
          ? ` Available tools: ${available.join(', ')}.`
          : ' No tools are available.',
      ].join(''),
    });
  }

  private async run(
    tool: ITool,
    toolCallId: string,
    params: Record<string, unknown>,
    options: ToolExecuteOptions,
  ): Promise<unknown> {
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs;
    const extra = options.context;
    const workspaceRoot = extra?.workspaceRoot ?? this.options.workspaceRoot;
    if (!options.signal && !timeoutMs) {
      return tool.execute(params, {
        ...extra,
        workspaceRoot,
        toolCallId,
        signal: neverAborted,
        registry: this,
      });
    }
    const outer = options.signal;
    if (outer?.aborted) throw aborted(tool.name);
    const controller = new AbortController();
    const context: ToolContext = {
      ...extra,
      workspaceRoot,
      toolCallId,
      signal: controller.signal,
      registry: this,
    };
    return new Promise<unknown>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        if (timer) clearTimeout(timer);
        outer?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        settle();
        const error = aborted(tool.name);
        controller.abort(error);
        reject(error);
      };
      outer?.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs) {
        timer = setTimeout(() => {
          settle();
          const error = new ToolTimeoutError({
            timeoutMs,
            message: `Tool "${tool.name}" did not finish within ${timeoutMs} ms and was stopped.`,
          });
          controller.abort(error);
          reject(error);
        }, timeoutMs);
      }
      new Promise<unknown>((run) => run(tool.execute(params, context))).then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
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
    errorCode?: string,
    requestedName?: string,
  ): Promise<ToolCallResult> {
    const toolName = tool?.name ?? requestedName ?? '';
    const maxChars =
      options.maxChars ?? tool?.maxOutputChars ?? this.options.maxChars ?? DEFAULT_MAX_CHARS;
    let text = content;
    let truncated = false;
    let fullOutputPath: string | undefined;
    if (text.length > maxChars) {
      truncated = true;
      const cut = truncateText(text, maxChars);
      const saved = await this.keepFullOutput(toolName, text);
      fullOutputPath = saved.path;
      const shownLines = countLines(cut.text);
      text = `${cut.text}${cut.text.endsWith('\n') ? '\n' : '\n\n'}... (truncated: showing ${cut.text.length} of ${cut.totalCharacters} characters; ${cut.cutCharacters} characters in ${cut.cutLines} lines were cut. ${
        saved.path
          ? `The full output is saved in ${saved.path}; read it with Read from line ${shownLines + 1} (offset/limit) to see the rest.)`
          : `The full output was not kept${saved.reason ? `: ${saved.reason}` : ''}.)`
      }`;
    }
    if (isError) text = `${text}\n\n${ERROR_RETRY_HINT}`;
    const result: ToolCallResult = {
      toolCallId,
      toolName,
      content: text,
      isError,
      truncated,
      durationMs: performance.now() - started,
    };
    if (errorCode === undefined && fullOutputPath === undefined) return result;
    return {
      ...result,
      ...(errorCode && { errorCode }),
      ...(fullOutputPath && { fullOutputPath }),
    };
  }

  private async keepFullOutput(
    toolName: string,
    content: string,
  ): Promise<{ path?: string; reason?: string }> {
    const directory = this.spillDirectory();
    if (!directory) return { reason: 'saving full outputs is turned off' };
    try {
      const path = await spillOutput(
        { directory, maxAgeMs: this.options.spillMaxAgeMs, maxFiles: this.options.spillMaxFiles },
        toolName,
        content,
      );
      return { path };
    } catch (error) {
      return { reason: `it could not be saved (${(error as Error).message})` };
    }
  }

  private spillDirectory(): string | undefined {
    const configured = this.options.spillDirectory;
    if (configured === false) return undefined;
    if (configured) return configured;
    return this.options.workspaceRoot
      ? join(this.options.workspaceRoot, '.tinyelf', 'tool-output')
      : join(tmpdir(), 'tinyelf-tool-output');
  }
}

function aborted(toolName: string): ToolAbortedError {
  return new ToolAbortedError({
    message: `The call to tool "${toolName}" was aborted before it finished.`,
  });
}

function assertWellFormed(tool: ITool): void {
  const problems: string[] = [];
  if (typeof tool !== 'object' || tool === null) {
    throw new TinyElfError({
      code: 'INVALID_TOOL_DEFINITION',
      message: 'A tool must be an object.',
    });
  }
  if (typeof tool.name !== 'string' || !TOOL_NAME_PATTERN.test(tool.name)) {
    problems.push(`its name ${JSON.stringify(tool.name)} must match ${TOOL_NAME_PATTERN}`);
  }
  if (typeof tool.description !== 'string' || tool.description.trim() === '') {
    problems.push('it needs a non-empty description');
  }
  const parameters = tool.parameters as { type?: unknown } | undefined;
  if (typeof parameters !== 'object' || parameters === null || parameters.type !== 'object') {
    problems.push('its parameters must be a JSON Schema with type "object"');
  }
  if (typeof tool.execute !== 'function') problems.push('it needs an execute function');
  if (problems.length) {
    throw new TinyElfError({
      code: 'INVALID_TOOL_DEFINITION',
      message: `Cannot register tool ${JSON.stringify(tool.name)}: ${problems.join('; ')}.`,
    });
  }
}

function toolText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output === undefined || output === null) return '';
  if (typeof output === 'object') {
    try {
      return JSON.stringify(output, null, 2);
    } catch {
      return String(output);
    }
  }
  return String(output);
}

function countLines(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return text.endsWith('\n') || text.length === 0 ? lines : lines + 1;
}
