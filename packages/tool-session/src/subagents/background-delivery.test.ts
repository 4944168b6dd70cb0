import { AgentLoop, DefaultAgentRunner, OpenAIChatClient } from '@tinyelf/agent';
import { ToolRegistry } from '@tinyelf/core';
import { startScriptedModel } from '@tinyelf/test-support/scripted-model-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSpawnAgentTool, createSubagentStatusTool } from '../tools/subagent-tools';
import { SubagentManager } from './subagent-manager';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('a background sub-agent inside a real agent loop', () => {
  it('delivers its completion to the parent at the parent’s next turn, once', async () => {
    // The child's model answers at once; the parent's model spawns it, takes 300 ms over its next
    // step (the child finishes meanwhile), then answers.
    const childModel = await startScriptedModel([{ content: 'child finished the audit' }]);
    const parentModel = await startScriptedModel([
      {
        toolCalls: [
          { name: 'spawn_agent', arguments: { prompt: 'audit the code', background: true } },
        ],
      },
      {
        toolCalls: [{ name: 'subagent_status', arguments: { runId: 'run_unknown' } }],
        delayMs: 300,
      },
      { content: 'all done' },
    ]);
    closers.push(childModel.close, parentModel.close);
    const manager = new SubagentManager({
      runner: new DefaultAgentRunner({
        model: new OpenAIChatClient({ baseUrl: childModel.baseUrl, model: 'child' }),
      }),
    });
    const registry = new ToolRegistry().registerAll([
      createSpawnAgentTool(manager),
      createSubagentStatusTool(manager),
    ]);
    const loop = new AgentLoop({
      model: new OpenAIChatClient({ baseUrl: parentModel.baseUrl, model: 'parent' }),
      registry,
      confirm: async () => 'allow',
      pendingMessages: () => manager.drainCompletions('main'),
    });
    const result = await loop.run('audit in the background');
    expect(result.output).toBe('all done');
    const delivered = parentModel.requests.map(
      (request) =>
        (request as { messages: { role: string; content: string | null }[] }).messages.filter(
          (message) => (message.content ?? '').startsWith('[Background sub-agent'),
        ).length,
    );
    // Not yet in the first request, present from the turn after the child finished, and only once in the conversation.
    expect(delivered[0]).toBe(0);
    expect(delivered.at(-1)).toBe(1);
    const last = parentModel.requests.at(-1) as { messages: { content: string | null }[] };
    expect(
      last.messages.some((message) =>
        /\[Background sub-agent run_[0-9a-f]+ \(general\) completed: child finished the audit\]/.test(
          message.content ?? '',
        ),
      ),
    ).toBe(true);
  });
});
