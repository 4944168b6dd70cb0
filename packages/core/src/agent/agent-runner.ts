import type { ConfirmCall } from '../permissions/confirmation';
import type { PermissionMode } from '../policy/permission-mode';
import type { ToolRegistry } from '../registry/tool-registry';
import type { ChatMessage } from './model-client';

/** A request to run an agent on a prompt with a registry. */
export interface AgentRunRequest {
  /** The task for the agent, as the user message of the run. */
  readonly prompt: string;
  /** The tools the run may use. */
  readonly registry: ToolRegistry;
  /** The agent's name (for events and sub-agent definitions). */
  readonly agent?: string;
  /** The model to use instead of the runner's default. */
  readonly model?: string;
  /** Instructions that replace the runner's default system prompt. */
  readonly systemPrompt?: string;
  /** @default 20 */
  readonly maxIterations?: number;
  /** @default 'default' */
  readonly permissionMode?: PermissionMode;
  /** 0 for the main agent, 1 for its sub-agents. */
  readonly depth?: number;
  /** Earlier messages of the conversation (a session's history). */
  readonly history?: readonly ChatMessage[];
  /** Cancels the run (its status becomes `cancelled`). */
  readonly signal?: AbortSignal;
  /**
   * Asks the user about the run's calls that need confirmation (a sub-agent gets its parent's);
   * without it the runner's own, else such calls are refused.
   */
  readonly confirm?: ConfirmCall;
}

/** How a run ended. */
export interface AgentRunResult {
  /** How it ended: answered, yielded, ran out of iterations, was cancelled, or failed. */
  readonly status: 'completed' | 'yielded' | 'max_iterations' | 'cancelled' | 'failed';
  /** The final answer (or the yield message, or the error). */
  readonly output: string;
  /** Model turns taken. */
  readonly iterations: number;
  /** The messages the run added (the prompt included). */
  readonly messages: readonly ChatMessage[];
}

/**
 * Runs agents: what tool-session uses to run sub-agents and sessions, without importing the agent
 * package (which implements it).
 */
export interface AgentRunner {
  /** Runs an agent to its end (or its limits, or the signal) and resolves with what it produced. */
  run(request: AgentRunRequest): Promise<AgentRunResult>;
}
