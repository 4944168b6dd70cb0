import { randomBytes } from 'node:crypto';
import {
  type AgentRunner,
  type AgentRunResult,
  type ConfirmCall,
  type PermissionMode,
  restrictPermissionMode,
  TinyElfError,
  ToolPolicy,
  type ToolRegistry,
} from '@tinyelf/core';

/** An agent definition from configuration: what a sub-agent of that name may use and is told. */
export interface AgentDefinition {
  /** Tool names (or `prefix*`) the agent may use, besides the inheritable ones. */
  readonly tools?: readonly string[];
  /** The agent's system prompt. */
  readonly systemPrompt?: string;
  /** The model it runs on, instead of the runner's default. */
  readonly model?: string;
  /** Its iteration limit. */
  readonly maxIterations?: number;
  /** Its permission mode (never looser than the parent's). */
  readonly permissionMode?: PermissionMode;
}

/** What spawn_agent asks for. */
export interface SpawnRequest {
  /** The task for the sub-agent. */
  readonly prompt: string;
  /** A configured agent's name; a general sub-agent without it. */
  readonly agent?: string;
  /** The model, instead of the agent's or the runner's. */
  readonly model?: string;
  /** Run without waiting; the result is delivered later (subagent_status shows it). */
  readonly background?: boolean;
  /** The iteration limit for this run. */
  readonly maxIterations?: number;
  /** The mode for this run (never looser than the parent's). */
  readonly permissionMode?: PermissionMode;
  /** Narrows the tools the sub-agent gets. */
  readonly tools?: readonly string[];
}

/** The agent that spawns: its registry, depth and mode. */
export interface ParentAgent {
  /** The parent's tools (the sub-agent inherits from them). */
  readonly registry: ToolRegistry;
  /** The parent agent's name. */
  readonly name: string;
  /** The parent's depth (0 for the main agent). */
  readonly depth: number;
  /** The parent's permission mode. */
  readonly permissionMode: PermissionMode;
  /** Asks the parent's user about calls that need confirmation; the sub-agent asks through it too. */
  readonly confirm?: ConfirmCall;
}

/** A sub-agent run. */
export interface SubagentRun {
  /** The run's id. */
  readonly id: string;
  /** The agent that runs. */
  readonly agent: string;
  /** Its task. */
  readonly prompt: string;
  /** The agent that spawned it. */
  readonly parent: string;
  /** When it started (ISO 8601). */
  readonly startedAt: string;
  /** Where it is now. */
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  /** Model turns taken so far. */
  iterations: number;
  /** Its final answer, once completed. */
  result?: string;
  /** Why it failed. */
  error?: string;
  /** The tools it was given. */
  readonly tools: readonly string[];
  /** Cancels the run. */
  readonly controller: AbortController;
}

/** Options of a {@link SubagentManager}. */
export interface SubagentManagerOptions {
  /** Runs the sub-agents. */
  readonly runner: AgentRunner;
  /** @default new ToolPolicy() */
  readonly policy?: ToolPolicy;
  /** Agent definitions by name. @default {} */
  readonly agents?: Readonly<Record<string, AgentDefinition>>;
  /** How deep agents may nest: 1 lets the main agent spawn, not its sub-agents. @default 1 */
  readonly maxDepth?: number;
}

/**
 * Runs sub-agents. A child's registry holds the parent's inheritable tools (the policy's
 * `inheritableToolNames`, every `mcp__` tool included), the tools its agent definition allows and
 * the tools asked for, when the parent has them; `spawn_agent` only while the configured depth
 * allows. A child never gets a more permissive mode than its parent. Background runs report
 * their completion to the parent once, at its next turn ({@link drainCompletions}).
 */
export class SubagentManager {
  private readonly runs = new Map<string, SubagentRun>();
  private readonly completions = new Map<string, string[]>();
  private readonly policy: ToolPolicy;

  constructor(private readonly options: SubagentManagerOptions) {
    this.policy = options.policy ?? new ToolPolicy();
  }

  /** The tools a child gets. */
  childTools(parent: ParentAgent, request: Pick<SpawnRequest, 'agent' | 'tools'>): string[] {
    const definition = request.agent ? this.options.agents?.[request.agent] : undefined;
    const wanted = [...(definition?.tools ?? []), ...(request.tools ?? [])];
    const matches = (name: string, pattern: string) =>
      pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
    const mayNest = parent.depth + 2 <= (this.options.maxDepth ?? 1);
    return parent.registry
      .getNames()
      .filter(
        (name) =>
          this.policy.isInheritable(name) || wanted.some((pattern) => matches(name, pattern)),
      )
      .filter((name) => name !== 'spawn_agent' || mayNest);
  }

  /** Starts a sub-agent; in the foreground resolves when it is done, in the background at once. */
  async spawn(request: SpawnRequest, parent: ParentAgent): Promise<SubagentRun> {
    if (request.agent && !this.options.agents?.[request.agent]) {
      const known = Object.keys(this.options.agents ?? {});
      throw new TinyElfError({
        code: 'AGENT_NOT_FOUND',
        message: `There is no agent named "${request.agent}". ${known.length ? `Configured agents: ${known.join(', ')}.` : 'No agents are configured; leave agent out for a general sub-agent.'}`,
      });
    }
    if (parent.depth + 1 > (this.options.maxDepth ?? 1)) {
      throw new TinyElfError({
        code: 'SUBAGENT_DEPTH',
        message: `A sub-agent at depth ${parent.depth} cannot start another (the configured maximum depth is ${this.options.maxDepth ?? 1}).`,
      });
    }
    const definition = request.agent ? this.options.agents?.[request.agent] : undefined;
    const tools = this.childTools(parent, request);
    const run: SubagentRun = {
      id: `run_${randomBytes(5).toString('hex')}`,
      agent: request.agent ?? 'general',
      prompt: request.prompt,
      parent: parent.name,
      startedAt: new Date().toISOString(),
      status: 'running',
      iterations: 0,
      tools,
      controller: new AbortController(),
    };
    this.runs.set(run.id, run);
    const running = this.options.runner
      .run({
        prompt: request.prompt,
        registry: parent.registry.createFiltered(tools),
        agent: run.agent,
        model: request.model ?? definition?.model,
        systemPrompt: definition?.systemPrompt,
        maxIterations: request.maxIterations ?? definition?.maxIterations,
        permissionMode: restrictPermissionMode(
          request.permissionMode ?? definition?.permissionMode,
          parent.permissionMode,
        ),
        depth: parent.depth + 1,
        signal: run.controller.signal,
        ...(parent.confirm && { confirm: parent.confirm }),
      })
      .then(
        (result) => this.finish(run, result, request.background === true),
        (error: unknown) =>
          this.finish(
            run,
            {
              status: 'failed',
              output: (error as Error)?.message ?? String(error),
              iterations: 0,
              messages: [],
            },
            request.background === true,
          ),
      );
    if (!request.background) await running;
    return run;
  }

  private finish(run: SubagentRun, result: AgentRunResult, background: boolean): void {
    if (run.status === 'cancelled') return;
    run.iterations = result.iterations;
    if (result.status === 'failed') {
      run.status = 'failed';
      run.error = result.output;
    } else if (result.status === 'cancelled') {
      run.status = 'cancelled';
    } else {
      run.status = 'completed';
      run.result = result.output;
    }
    if (background) {
      const queue = this.completions.get(run.parent) ?? [];
      queue.push(
        `[Background sub-agent ${run.id} (${run.agent}) ${run.status}${run.status === 'completed' ? `: ${run.result}` : run.error ? `: ${run.error}` : ''}]`,
      );
      this.completions.set(run.parent, queue);
    }
  }

  /** The completions of background runs not yet delivered to a parent; each is returned once. */
  drainCompletions(parent = 'main'): string[] {
    const queue = this.completions.get(parent) ?? [];
    this.completions.delete(parent);
    return queue;
  }

  /** Every run, newest first. */
  list(): SubagentRun[] {
    return [...this.runs.values()].reverse();
  }

  /** One run, or a clear error. */
  status(runId: string): SubagentRun {
    const run = this.runs.get(runId);
    if (!run)
      throw new TinyElfError({
        code: 'RUN_NOT_FOUND',
        message: `There is no sub-agent run "${runId}". ${this.runs.size ? `Runs: ${[...this.runs.keys()].join(', ')}.` : 'No sub-agent has run yet.'}`,
      });
    return run;
  }

  /** Cancels a running sub-agent. */
  cancel(runId: string): SubagentRun {
    const run = this.status(runId);
    if (run.status === 'running') {
      run.status = 'cancelled';
      run.controller.abort();
    }
    return run;
  }
}
