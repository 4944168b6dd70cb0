import {
  type AgentRunResult,
  type ChatMessage,
  type ModelClient,
  type PermissionMode,
  type RiskWarning,
  type ToolCallRequest,
  ToolPolicy,
  type ToolRegistry,
} from '@tinyelf/core';

/** A call that needs the user's word. */
export interface ConfirmationRequest {
  /** The tool the model wants to call. */
  readonly toolName: string;
  /** Its arguments. */
  readonly args: unknown;
  /** The risk warnings the tool gave for these arguments. */
  readonly warnings: readonly RiskWarning[];
}

/** What the user answered. */
export type ConfirmationAnswer = 'allow' | 'deny' | 'allow-always';

/** Something that happened in the loop, for display. */
export type AgentEvent =
  | {
      /** The model is asked (once per iteration). */
      readonly type: 'model';
      /** The iteration, from 1. */
      readonly iteration: number;
    }
  | {
      /** The model called a tool. */
      readonly type: 'tool-call';
      /** The tool called. */
      readonly toolName: string;
      /** Its parsed arguments. */
      readonly args: unknown;
    }
  | {
      /** A tool call finished. */
      readonly type: 'tool-result';
      /** The tool called. */
      readonly toolName: string;
      /** True when the call failed. */
      readonly isError: boolean;
      /** The text the model gets. */
      readonly content: string;
    };

/** Options of an {@link AgentLoop}. */
export interface AgentLoopOptions {
  /** The chat model. */
  readonly model: ModelClient;
  /** The tools the agent may call. */
  readonly registry: ToolRegistry;
  /** @default new ToolPolicy() */
  readonly policy?: ToolPolicy;
  /** @default 'default' */
  readonly permissionMode?: PermissionMode;
  /** Asked before a call that needs confirmation; without it such calls are denied. */
  readonly confirm?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
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
}

/** The tool whose message ends the loop. */
export const YIELD_TOOL = 'SessionsYield';

/**
 * The loop that puts a registry to work: it sends the conversation and `getDefinitions()` to the
 * model, runs the tool calls it returns through `registry.execute` (after the policy, and the user
 * when it asks), feeds the results back, and repeats until the model answers without tool calls,
 * `SessionsYield` is called, `maxIterations` is reached, or the signal aborts. Independent
 * read-only calls that need no confirmation run in parallel. `plan` mode offers read-only tools
 * only.
 */
export class AgentLoop {
  private readonly policy: ToolPolicy;
  private readonly mode: PermissionMode;
  private readonly allowedAlways = new Set<string>();

  constructor(private readonly options: AgentLoopOptions) {
    this.policy = options.policy ?? new ToolPolicy();
    this.mode = options.permissionMode ?? 'default';
  }

  /** Runs the agent on a prompt, after the given history. */
  async run(
    prompt: string,
    options: { history?: readonly ChatMessage[]; signal?: AbortSignal } = {},
  ): Promise<AgentRunResult> {
    const registry = this.policy.registryForMode(this.options.registry, this.mode);
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
        response = await this.options.model.complete({
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
        added.push({ role: 'tool', toolCallId: result.id, content: result.content });
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
    const results: { id: string; content: string; yielded?: string }[] = [];
    let parallel: Promise<{ id: string; content: string }>[] = [];
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
      const warnings = await registry.assessRisk(call.name, args);
      const needsConfirmation =
        registry.has(call.name) &&
        this.policy.requiresConfirmation(call.name, this.mode, warnings) &&
        !(this.allowedAlways.has(call.name) && warnings.length === 0);
      const readOnly =
        registry.get(call.name) !== undefined && this.policy.isReadOnly(registry.get(call.name)!);
      if (!needsConfirmation && readOnly && call.name !== YIELD_TOOL) {
        parallel.push(this.execute(registry, call, args, signal));
        continue;
      }
      await flush();
      if (needsConfirmation) {
        const answer = this.options.confirm
          ? await this.options.confirm({ toolName: call.name, args, warnings })
          : 'deny';
        if (answer === 'deny') {
          results.push({
            id: call.id,
            content: `Error: the user denied this call to ${call.name}.\n\n[Analyze the error above and try a different approach.]`,
          });
          continue;
        }
        if (answer === 'allow-always') this.allowedAlways.add(call.name);
      }
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

  private async execute(
    registry: ToolRegistry,
    call: ToolCallRequest,
    args: unknown,
    signal: AbortSignal | undefined,
  ) {
    const result = await registry.execute(call.id, call.name, args, {
      signal,
      context: {
        agent: {
          name: this.options.agentName ?? 'main',
          depth: this.options.depth ?? 0,
          permissionMode: this.mode,
        },
      },
    });
    this.options.onEvent?.({
      type: 'tool-result',
      toolName: call.name,
      isError: result.isError,
      content: result.content,
    });
    return { id: call.id, content: result.content, isError: result.isError };
  }
}
