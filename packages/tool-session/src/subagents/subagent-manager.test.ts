import { DefaultAgentRunner, OpenAIChatClient } from '@tinyelf/agent';
import { ToolPolicy, ToolRegistry } from '@tinyelf/core';
import {
  type ScriptedReply,
  startScriptedModel,
} from '@tinyelf/test-support/scripted-model-server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSpawnAgentTool,
  createSubagentListTool,
  createSubagentStatusTool,
} from '../tools/subagent-tools';
import { SubagentManager } from './subagent-manager';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const names = [
  'Read',
  'Write',
  'Bash',
  'list_skills',
  'read_skill',
  'slash_command',
  'mcp__github__create_issue',
  'mcp__notes__add',
];

async function setup(script: ScriptedReply[], agents = {}) {
  const model = await startScriptedModel(script);
  closers.push(model.close);
  const manager = new SubagentManager({
    runner: new DefaultAgentRunner({
      model: new OpenAIChatClient({ baseUrl: model.baseUrl, model: 'm' }),
    }),
    agents,
  });
  const registry = new ToolRegistry();
  for (const name of names)
    registry.register({
      name,
      description: name,
      parameters: { type: 'object' },
      readOnly: true,
      execute: async () => `${name} ran`,
    });
  registry.registerAll([
    createSpawnAgentTool(manager),
    createSubagentListTool(manager),
    createSubagentStatusTool(manager),
  ]);
  return { model, manager, registry };
}

describe('SubagentManager and the sub-agent tools', () => {
  it('gives a child exactly the inheritable tools, its definition’s and the requested ones, never spawn_agent', async () => {
    const { manager, registry } = await setup([], { reviewer: { tools: ['Bash'] } });
    const parent = { registry, name: 'main', depth: 0, permissionMode: 'default' as const };
    expect(manager.childTools(parent, {})).toEqual([
      'list_skills',
      'read_skill',
      'slash_command',
      'mcp__github__create_issue',
      'mcp__notes__add',
    ]);
    expect(manager.childTools(parent, { agent: 'reviewer', tools: ['Read', 'NotThere'] })).toEqual([
      'Read',
      'Bash',
      'list_skills',
      'read_skill',
      'slash_command',
      'mcp__github__create_issue',
      'mcp__notes__add',
    ]);
    await expect(manager.spawn({ prompt: 'x' }, { ...parent, depth: 1 })).rejects.toThrowError(
      /cannot start another/,
    );
    await expect(manager.spawn({ prompt: 'x', agent: 'nobody' }, parent)).rejects.toThrowError(
      'There is no agent named "nobody". Configured agents: reviewer.',
    );
  });

  it('runs in the foreground and returns the final answer, with only the child tools offered to the model', async () => {
    const { registry, model } = await setup([
      { toolCalls: [{ name: 'read_skill', arguments: {} }] },
      { content: 'child answer' },
    ]);
    const result = await registry.execute('c', 'spawn_agent', {
      prompt: 'summarise',
      tools: ['Read'],
    });
    expect(result.content).toBe('child answer');
    const offered = (model.requests[0] as { tools: { function: { name: string } }[] }).tools.map(
      (tool) => tool.function.name,
    );
    expect(offered).toEqual([
      'Read',
      'list_skills',
      'read_skill',
      'slash_command',
      'mcp__github__create_issue',
      'mcp__notes__add',
    ]);
  });

  it('runs in the background, delivers the completion exactly once, and still answers subagent_status', async () => {
    const { registry, manager } = await setup([{ content: 'background done' }]);
    const started = await registry.execute('c', 'spawn_agent', {
      prompt: 'long task',
      background: true,
    });
    const runId = /run_[0-9a-f]+/.exec(started.content)?.[0];
    expect(runId).toBeDefined();
    await expect.poll(() => manager.status(runId!).status).toBe('completed');
    expect(manager.drainCompletions('main')).toEqual([
      `[Background sub-agent ${runId} (general) completed: background done]`,
    ]);
    expect(manager.drainCompletions('main')).toEqual([]);
    expect((await registry.execute('c', 'subagent_status', { runId })).content).toBe(
      `Run ${runId} (general): completed after 1 iterations.\nResult:\nbackground done`,
    );
    expect((await registry.execute('c', 'subagent_list', {})).content).toContain(
      `${runId}  completed  general`,
    );
    expect(
      (await registry.execute('c', 'subagent_status', { runId: 'run_nope' })).content,
    ).toContain('There is no sub-agent run "run_nope"');
  });

  it('cancels a running sub-agent', async () => {
    const { registry, manager } = await setup([{ hang: true }]);
    const started = await registry.execute('c', 'spawn_agent', {
      prompt: 'hang',
      background: true,
    });
    const runId = /run_[0-9a-f]+/.exec(started.content)![0];
    manager.cancel(runId);
    expect(manager.status(runId).status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(manager.status(runId).status).toBe('cancelled');
  });

  it('lets a sub-agent ask its parent’s user, in the parent’s mode, through the registry’s one check', async () => {
    const { registry, model } = await setup([
      { toolCalls: [{ name: 'mcp__notes__add', arguments: {} }] },
      { content: 'added' },
      { toolCalls: [{ name: 'mcp__notes__add', arguments: {} }] },
      { content: 'could not add' },
    ]);
    const checked = new ToolRegistry({ policy: new ToolPolicy() }).registerAll(registry.getAll());
    const asked: string[] = [];
    const yes = await checked.execute(
      'c',
      'spawn_agent',
      { prompt: 'add a note' },
      {
        confirm: (request) => {
          asked.push(request.toolName);
          return true;
        },
      },
    );
    expect(yes.content).toBe('added');
    expect(asked).toEqual(['spawn_agent', 'mcp__notes__add']);
    // The parent's host gave no confirm: the child's call is refused, never run.
    const spawned = await checked.execute(
      'd',
      'spawn_agent',
      { prompt: 'add a note' },
      {
        mode: 'bypassPermissions',
        context: { agent: { name: 'main', permissionMode: 'default' } },
      },
    );
    expect(spawned.content).toBe('could not add');
    const childResult = (
      model.requests[3] as { messages: { role: string; content: string }[] }
    ).messages.at(-1);
    expect(childResult?.content).toContain(
      "The call to mcp__notes__add was not run: it needs the user's confirmation",
    );
  });
});
