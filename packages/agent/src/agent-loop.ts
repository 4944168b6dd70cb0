import {
  type AgentRunResult,
  type CallDecision,
  type ChatMessage,
  type ConfirmCall,
  type ModelClient,
  type PermissionMode,
  type ToolCallRequest,
  ToolPolicy,
  ToolRegistry,
  withTelemetrySpan,
} from '@tinyelf/core';
import type { AgentEvent, ConfirmationAnswer, ConfirmationRequest } from './agent-events';
import { type CallOutcome, mediaPartsOf } from './call-outcome';
import { completeTraced } from './traced-model-call';

export type { AgentEvent, ConfirmationAnswer, ConfirmationRequest } from './agent-events';

/** Options of an {@link AgentLoop}. */
export interface AgentLoopOptions {
  /** The chat model. */
  readonly model: ModelClient;
  /** The tools the agent may call. */
  readonly registry: ToolRegistry;
  /**
   * The policy calls are decided by when the registry carries none (a registry the builder made
   * always does, and then its own decides). @default the registry's, else new ToolPolicy()
   */
  readonly policy?: ToolPolicy;
  /** @default 'default' */
  readonly permissionMode?: PermissionMode;
  /**
   * Asked before a call that needs confirmation (the registry's decision: rules, mode, risk
   * warnings); without it such calls are refused. `allow-always` stops asking about that tool
   * for the rest of the loop, unless a call has risk warnings or an `ask` rule.
   */
  readonly confirm?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
  /** The same in core's form, handed to `registry.execute` as is (a sub-agent gets its parent's); wins over `confirm`. */
  readonly confirmCall?: ConfirmCall;
  /** @default 20 */
  readonly maxIterations?: number;
  /** The system prompt; a short default otherwise. */
  readonly systemPrompt?: string;
  /** The model name to ask the client for. */
  readonly modelName?: string;
  /** The agent's name, passed to tools. @default 'main' */
  readonly agentName?: string;
  /** 0 for the main agent, 1 for a sub-agent. @default 0 */
  readonly depth?: number;
  /** Messages to deliver at the start of each turn (background runs that finished), each once. */
  readonly pendingMessages?: () => readonly string[];
  /** Told of every model turn, tool call and tool result, as they happen (for a UI or a log). */
  readonly onEvent?: (event: AgentEvent) => void;
  /**
   * Whether the model takes images. When true, a tool result with images or audio carries them
   * as the tool message's `parts` (the model client sends them in its provider's format); when
   * false (a text-only model) the tool message is its text only, each image described in a line
   * (`[image: image/png, 4033 bytes]`), never base64.
   * @default true
   */
  readonly images?: boolean;
}

/** The tool whose message ends the loop. */
export const YIELD_TOOL = 'SessionsYield';

/**
 * The loop that puts a registry to work: it sends the conversation and `getDefinitions()` to the
 * model, runs the tool calls it returns through `registry.execute` (which decides each call under
 * the policy and asks the user through `confirm` when it must), feeds the results back, and repeats until the model answers without tool calls,
 * `SessionsYield` is called, `maxIterations` is reached, or the signal aborts. Independent
 * read-only calls that need no confirmation run in parallel. `plan` mode offers read-only tools
 * only.
 */
export class AgentLoop {
  private readonly policy: ToolPolicy;
  private readonly mode: PermissionMode;
  private readonly allowedAlways = new Set<string>();
  private readonly confirmCall: ConfirmCall | undefined;

  constructor(private readonly options: AgentLoopOptions) {
    this.policy = options.registry.options.policy ?? options.policy ?? new ToolPolicy();
    this.mode = options.permissionMode ?? 'default';
    const ask = options.confirm;
    this.confirmCall =
      options.confirmCall ?? (ask ? (request) => this.askUser(ask, request) : undefined);
  }

  private async askUser(
    ask: NonNullable<AgentLoopOptions['confirm']>,
    request: Parameters<ConfirmCall>[0],
  ) {
    const remembered =
      request.warnings.length === 0 &&
      !request.matchedRule &&
      this.allowedAlways.has(request.toolName);
    if (remembered) return true;
    const answer = await ask({
      toolName: request.toolName,
      args: request.params,
      warnings: request.warnings,
      reason: request.reason,
      ...(request.matchedRule && { matchedRule: request.matchedRule }),
    });
    if (answer === 'allow-always') this.allowedAlways.add(request.toolName);
    return answer !== 'deny';
  }

  /** The registry of a run: the mode's part, checked against the policy even when built bare. */
  private registryOfRun(): ToolRegistry {
    const scoped = this.policy.registryForMode(this.options.registry, this.mode);
    if (scoped.options.policy) return scoped;
    return new ToolRegistry({ ...scoped.options, policy: this.policy }).registerAll(
      scoped.getAll(),
    );
  }

  /**
   * Runs the agent on a prompt, after the given history. With `@opentelemetry/api` installed the
   * run is an `invoke_agent {agent}` span, each model call a `chat {model}` span inside it, and
   * each tool call an `execute_tool {tool}` span inside that run.
   */
  run(
    prompt: string,
    options: { history?: readonly ChatMessage[]; signal?: AbortSignal } = {},
  ): Promise<AgentRunResult> {
    const agentName = this.options.agentName ?? 'main';
    return withTelemetrySpan(
      `invoke_agent ${agentName}`,
      { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': agentName },
      () => this.loop(prompt, options),
    );
  }

  private async loop(
    prompt: string,
    options: { history?: readonly ChatMessage[]; signal?: AbortSignal },
  ): Promise<AgentRunResult> {
    const registry = this.registryOfRun();
    const added: ChatMessage[] = [{ role: 'user', content: prompt }];
    const system: ChatMessage[] = this.options.systemPrompt
      ? [{ role: 'system', content: this.options.systemPrompt }]
      : [];
    const conversation = () => [...system, ...(options.history ?? []), ...added];
    const end = (
      status: AgentRunResult['status'],
      output: string,
      iterations: number,
    ): AgentRunResult => ({ status, output, iterations, messages: added });
    const cancelled = (iterations: number) =>
      end('cancelled', 'The run was cancelled.', iterations);
    const maxIterations = this.options.maxIterations ?? 20;
    let lastText = '';
    for (let iteration = 1; iteration <= maxIterations; iteration++) {
      if (options.signal?.aborted) return cancelled(iteration - 1);
      for (const message of this.options.pendingMessages?.() ?? [])
        added.push({ role: 'user', content: message });
      this.options.onEvent?.({ type: 'model', iteration });
      let response: Awaited<ReturnType<ModelClient['complete']>>;
      try {
        response = await completeTraced(this.options.model, {
          messages: conversation(),
          tools: registry.getDefinitions(),
          model: this.options.modelName,
          signal: options.signal,
        });
      } catch (error) {
        return options.signal?.aborted
          ? cancelled(iteration)
          : end('failed', (error as Error).message, iteration);
      }
      lastText = response.content;
      added.push({
        role: 'assistant',
        content: response.content,
        ...(response.toolCalls.length ? { toolCalls: response.toolCalls } : {}),
      });
      if (response.toolCalls.length === 0) return end('completed', response.content, iteration);
      const results = await this.runCalls(registry, response.toolCalls, options.signal);
      for (const result of results)
        added.push({
          role: 'tool',
          toolCallId: result.id,
          content: result.content,
          ...(result.parts && { parts: result.parts }),
        });
      const yielded = results.find((result) => result.yielded);
      if (yielded) return end('yielded', yielded.yielded!, iteration);
      if (options.signal?.aborted) return cancelled(iteration);
    }
    return end(
      'max_iterations',
      lastText || `Stopped after ${maxIterations} iterations without a final answer.`,
      maxIterations,
    );
  }

  private async runCalls(
    registry: ToolRegistry,
    calls: readonly ToolCallRequest[],
    signal: AbortSignal | undefined,
  ) {
    const results: CallOutcome[] = [];
    let parallel: Promise<CallOutcome>[] = [];
    const flush = async () => {
      results.push(...(await Promise.all(parallel)));
      parallel = [];
    };
    for (const call of calls) {
      let args: unknown;
      try {
        args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
      } catch {
        await flush();
        results.push({
          id: call.id,
          content: `Error: the arguments of this ${call.name} call are not valid JSON (${call.arguments.slice(0, 80)}); send a JSON object.\n\n[Analyze the error above and try a different approach.]`,
        });
        continue;
      }
      this.options.onEvent?.({ type: 'tool-call', toolName: call.name, args });
      const tool = registry.get(call.name);
      const parallelSafe =
        tool !== undefined && call.name !== YIELD_TOOL && this.policy.isReadOnly(tool);
      if (parallelSafe) {
        // Decided once: execute acts on this decision instead of running the risk check again.
        const decision = await registry.decide(call.name, args, this.callOptions());
        if (decision.decision === 'allow') {
          parallel.push(this.execute(registry, call, args, signal, decision));
          continue;
        }
      }
      await flush();
      const result = await this.execute(registry, call, args, signal);
      results.push(
        call.name === YIELD_TOOL && !result.isError
          ? { ...result, yielded: result.content }
          : result,
      );
    }
    await flush();
    return results;
  }

  /** The mode and context every call of this loop is decided and run with. */
  private callOptions() {
    return {
      mode: this.mode,
      context: {
        agent: {
          name: this.options.agentName ?? 'main',
          depth: this.options.depth ?? 0,
          permissionMode: this.mode,
        },
      },
    };
  }

  private async execute(
    registry: ToolRegistry,
    call: ToolCallRequest,
    args: unknown,
    signal: AbortSignal | undefined,
    decision?: CallDecision,
  ): Promise<CallOutcome> {
    const result = await registry.execute(call.id, call.name, args, {
      ...this.callOptions(),
      signal,
      confirm: this.confirmCall,
      ...(decision && { decision }),
    });
    this.options.onEvent?.({
      type: 'tool-result',
      toolName: call.name,
      isError: result.isError,
      content: result.content,
    });
    const parts = this.options.images === false ? undefined : mediaPartsOf(result);
    return {
      id: call.id,
      content: result.content,
      isError: result.isError,
      ...(parts && { parts }),
    };
  }
}
