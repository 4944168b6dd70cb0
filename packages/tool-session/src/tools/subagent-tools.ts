import { defineJsonSchemaTool, type ITool, type PermissionMode, TinyElfError } from '@tinyelf/core';
import type { SpawnRequest, SubagentManager, SubagentRun } from '../subagents/subagent-manager';

/** `spawn_agent`: runs a sub-agent, in the foreground (its answer) or the background (a run id). */
export function createSpawnAgentTool(manager: SubagentManager): ITool {
  return defineJsonSchemaTool<SpawnRequest>({
    name: 'spawn_agent',
    description:
      'Starts a sub-agent on a task with its own conversation. It gets the inheritable tools (skills, MCP) plus those its agent definition or tools allows. In the foreground the result is its final answer; with background: true it returns a run id at once and its completion arrives as a message at your next turn.',
    parameters: {
      type: 'object',
      properties: {
        prompt: {
          type: 'string',
          description: 'The task, with everything the sub-agent needs to know.',
        },
        agent: { type: 'string', description: 'A configured agent definition to use.' },
        model: { type: 'string' },
        background: { type: 'boolean', default: false },
        maxIterations: { type: 'integer', minimum: 1, maximum: 200 },
        permissionMode: {
          type: 'string',
          enum: ['default', 'acceptEdits', 'plan', 'bypassPermissions'],
        },
        tools: {
          type: 'array',
          items: { type: 'string' },
          description: 'More of your tools to give it.',
        },
      },
      required: ['prompt'],
    },
    async execute(request, context) {
      if (!context?.registry)
        throw new TinyElfError({
          code: 'NO_REGISTRY',
          message:
            'spawn_agent must run through a ToolRegistry (it gives the sub-agent a part of it).',
        });
      const run = await manager.spawn(request, {
        registry: context.registry,
        name: context.agent?.name ?? 'main',
        depth: context.agent?.depth ?? 0,
        permissionMode: (context.agent?.permissionMode ?? 'default') as PermissionMode,
        ...(context.confirm && { confirm: context.confirm }),
      });
      if (request.background)
        return `Started sub-agent run ${run.id} (${run.agent}) in the background with tools: ${run.tools.join(', ') || 'none'}. Its result arrives at your next turn; subagent_status ${run.id} shows its progress.`;
      if (run.status === 'failed')
        throw new TinyElfError({
          code: 'SUBAGENT_FAILED',
          message: `The sub-agent failed: ${run.error}`,
        });
      if (run.status === 'cancelled')
        throw new TinyElfError({
          code: 'SUBAGENT_CANCELLED',
          message: 'The sub-agent was cancelled.',
        });
      return run.result ?? '';
    },
  });
}

function describeRun(run: SubagentRun): string {
  return `${run.id}  ${run.status}  ${run.agent}  ${run.startedAt}  ${run.prompt.slice(0, 60).replace(/\s+/g, ' ')}`;
}

/** `subagent_list`: the runs, newest first. */
export function createSubagentListTool(manager: SubagentManager): ITool {
  return defineJsonSchemaTool<Record<string, never>>({
    name: 'subagent_list',
    description:
      'Lists the sub-agent runs: id, status (running, completed, failed, cancelled), agent, start time and the start of the prompt.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute() {
      const runs = manager.list();
      return runs.length ? runs.map(describeRun).join('\n') : 'No sub-agent has run yet.';
    },
  });
}

/** `subagent_status`: one run's status, iterations and result or error. */
export function createSubagentStatusTool(manager: SubagentManager): ITool {
  return defineJsonSchemaTool<{ runId: string }>({
    name: 'subagent_status',
    description: 'Shows a sub-agent run: status, iterations, and its result or error.',
    parameters: { type: 'object', properties: { runId: { type: 'string' } }, required: ['runId'] },
    readOnly: true,
    async execute({ runId }) {
      const run = manager.status(runId);
      const outcome =
        run.status === 'completed'
          ? `\nResult:\n${run.result}`
          : run.error
            ? `\nError: ${run.error}`
            : '';
      return `Run ${run.id} (${run.agent}): ${run.status} after ${run.iterations} iterations.${outcome}`;
    },
  });
}
