import type {
  AgentRunner,
  AgentRunRequest,
  AgentRunResult,
  ModelClient,
  ToolPolicy,
} from '@tinyelf/core';
import { AgentLoop, type AgentLoopOptions } from './agent-loop';

/**
 * Runs agents with {@link AgentLoop} on one model client: what tool-session receives (through
 * core's `AgentRunner` interface) to run sub-agents and sessions.
 */
export class DefaultAgentRunner implements AgentRunner {
  constructor(
    private readonly options: {
      readonly model: ModelClient;
      readonly policy?: ToolPolicy;
      readonly confirm?: AgentLoopOptions['confirm'];
      readonly onEvent?: AgentLoopOptions['onEvent'];
    },
  ) {}

  /**
   * Runs a new agent loop for the request, with this runner's model, registry and limits. The
   * request's `confirm` (a sub-agent's parent's) asks about its calls; else this runner's.
   */
  run(request: AgentRunRequest): Promise<AgentRunResult> {
    const loop = new AgentLoop({
      model: this.options.model,
      registry: request.registry,
      policy: this.options.policy,
      permissionMode: request.permissionMode,
      confirm: this.options.confirm,
      confirmCall: request.confirm,
      maxIterations: request.maxIterations,
      systemPrompt: request.systemPrompt,
      modelName: request.model,
      agentName: request.agent,
      depth: request.depth,
      onEvent: this.options.onEvent,
    });
    return loop.run(request.prompt, { history: request.history, signal: request.signal });
  }
}
