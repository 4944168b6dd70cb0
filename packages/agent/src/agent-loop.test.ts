import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineJsonSchemaTool, ToolRegistry } from '@tinyelf/core';
import {
  type ScriptedReply,
  startScriptedModel,
} from '@tinyelf/test-support/scripted-model-server';
import { createFileSystemTools } from '@tinyelf/tool-fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentLoop, type AgentLoopOptions, type ConfirmationRequest } from './agent-loop';
import { OpenAIChatClient } from './openai-chat-client';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function setup(script: ScriptedReply[], options: Partial<AgentLoopOptions> = {}) {
  const model = await startScriptedModel(script);
  closers.push(model.close);
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-agent-')));
  writeFileSync(join(workspaceRoot, 'notes.txt'), 'The elves ship on Friday.\n');
  const registry = new ToolRegistry({ workspaceRoot }).registerAll(
    createFileSystemTools({ workspaceRoot }),
  );
  registry.register(
    defineJsonSchemaTool<{ message: string }>({
      name: 'SessionsYield',
      description: 'Ends the loop',
      parameters: {
        type: 'object',
        properties: { message: { type: 'string' } },
        required: ['message'],
      },
      execute: async ({ message }) => message,
    }),
  );
  const loop = new AgentLoop({
    model: new OpenAIChatClient({ baseUrl: model.baseUrl, model: 'test-model', apiKey: 'k' }),
    registry,
    ...options,
  });
  return { loop, model, workspaceRoot, registry };
}

describe('AgentLoop against an OpenAI-compatible server', () => {
  it('reads a real file with Read and answers', async () => {
    const { loop, model } = await setup([
      { toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] },
      { content: 'They ship on Friday.' },
    ]);
    const result = await loop.run('When do the elves ship?');
    expect(result).toMatchObject({
      status: 'completed',
      output: 'They ship on Friday.',
      iterations: 2,
    });
    const second = model.requests[1] as {
      messages: { role: string; content: string; tool_call_id?: string }[];
      tools: { function: { name: string } }[];
      model: string;
    };
    expect(second.model).toBe('test-model');
    expect(second.tools.map((tool) => tool.function.name)).toContain('Read');
    expect(second.messages.at(-1)).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_1',
      content: '     1\tThe elves ship on Friday.',
    });
  });

  it('asks before a call that needs confirmation: deny, allow, allow-always', async () => {
    const asked: ConfirmationRequest[] = [];
    const answers = ['deny', 'allow-always'] as const;
    const { loop, workspaceRoot } = await setup(
      [
        { toolCalls: [{ name: 'Write', arguments: { path: 'a.txt', content: 'A' } }] },
        { toolCalls: [{ name: 'Write', arguments: { path: 'b.txt', content: 'B' } }] },
        { toolCalls: [{ name: 'Write', arguments: { path: 'c.txt', content: 'C' } }] },
        { content: 'done' },
      ],
      {
        confirm: async (request) => {
          asked.push(request);
          return answers[asked.length - 1] ?? 'deny';
        },
      },
    );
    const result = await loop.run('write files');
    expect(result.status).toBe('completed');
    expect(asked.map((request) => request.toolName)).toEqual(['Write', 'Write']);
    expect(
      result.messages
        .filter((message) => message.role === 'tool')
        .map((message) => message.content.split('\n')[0]),
    ).toEqual([
      'Error: The user declined the call to Write; it was not run.',
      'Created b.txt: 1 line, 1 B.',
      'Created c.txt: 1 line, 1 B.',
    ]);
    const { existsSync } = await import('node:fs');
    expect([
      existsSync(join(workspaceRoot, 'a.txt')),
      existsSync(join(workspaceRoot, 'c.txt')),
    ]).toEqual([false, true]);
  });

  it('offers only read-only tools in plan mode', async () => {
    const { loop, model } = await setup([{ content: 'plan ready' }], { permissionMode: 'plan' });
    await loop.run('make a plan');
    const tools = (model.requests[0] as { tools: { function: { name: string } }[] }).tools.map(
      (tool) => tool.function.name,
    );
    expect(tools).toEqual(['Read', 'ListDir', 'Glob', 'Grep']);
  });

  it('ends with the SessionsYield message', async () => {
    const { loop } = await setup([
      { toolCalls: [{ name: 'SessionsYield', arguments: { message: 'handing back' } }] },
      { content: 'never sent' },
    ]);
    expect(await loop.run('go')).toMatchObject({
      status: 'yielded',
      output: 'handing back',
      iterations: 1,
    });
  });

  it('stops at maxIterations, on abort, and on a provider error', async () => {
    const again = () => ({ toolCalls: [{ name: 'ListDir', arguments: { path: '.' } }] });
    const { loop } = await setup([again(), again(), again()], { maxIterations: 2 });
    expect(await loop.run('loop forever')).toMatchObject({
      status: 'max_iterations',
      iterations: 2,
    });

    const hanging = await setup([{ hang: true }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    expect(await hanging.loop.run('hang', { signal: controller.signal })).toMatchObject({
      status: 'cancelled',
    });

    const failing = await setup([{ status: 429, error: 'Rate limit reached' }]);
    expect(await failing.loop.run('hi')).toMatchObject({
      status: 'failed',
      output: 'The model server answered HTTP 429: Rate limit reached',
    });
  });

  it('answers a malformed tool call with an error result the model can fix', async () => {
    const { loop, model } = await setup([
      { toolCalls: [{ name: 'Read', arguments: '{"path": "notes.txt"' }] },
      { content: 'fixed' },
    ]);
    const result = await loop.run('read');
    expect(result.status).toBe('completed');
    const tool = (
      model.requests[1] as { messages: { role: string; content: string }[] }
    ).messages.at(-1);
    expect(tool?.content).toContain('the arguments of this Read call are not valid JSON');
  });
});
