import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolPolicy, ToolRegistry } from '@tinyelf/core';
import { createFileSystemTools } from '@tinyelf/tool-fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModel } from '../../../test-support/scripted-model-server';
import { AgentLoop, type ConfirmationRequest } from './agent-loop';
import { OpenAIChatClient } from './openai-chat-client';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('AgentLoop under permission rules', () => {
  it("denies a deny rule's call and asks about an ask rule's call, through registry.execute", async () => {
    const model = await startScriptedModel([
      {
        toolCalls: [
          { name: 'Read', arguments: { path: 'secret/key.txt' } },
          { name: 'Read', arguments: { path: 'notes.txt' } },
        ],
      },
      { content: 'done' },
    ]);
    closers.push(model.close);
    const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-agent-rules-')));
    mkdirSync(join(workspaceRoot, 'secret'));
    writeFileSync(join(workspaceRoot, 'secret', 'key.txt'), 'hunter2\n');
    writeFileSync(join(workspaceRoot, 'notes.txt'), 'The elves ship on Friday.\n');
    const policy = new ToolPolicy({
      permissions: { deny: ['Read(./secret/**)'], ask: ['Read(./notes.txt)'] },
    });
    const registry = new ToolRegistry({ workspaceRoot, policy }).registerAll(
      createFileSystemTools({ workspaceRoot }),
    );
    const asked: ConfirmationRequest[] = [];
    const loop = new AgentLoop({
      model: new OpenAIChatClient({ baseUrl: model.baseUrl, model: 'test-model', apiKey: 'k' }),
      registry,
      confirm: async (request) => {
        asked.push(request);
        return 'deny';
      },
    });
    const result = await loop.run('read both');
    expect(result.output).toBe('done');
    // Read is safe, yet the ask rule made it ask; the deny rule's call was never asked about.
    expect(asked).toEqual([
      expect.objectContaining({
        toolName: 'Read',
        args: { path: 'notes.txt' },
        matchedRule: 'ask: Read(./notes.txt)',
      }),
    ]);
    const sent = JSON.stringify(model.requests[1]);
    expect(sent).toContain(
      'The call to Read was refused and not run. The permission rule `deny: Read(./secret/**)` refuses it.',
    );
    expect(sent).toContain('The user declined the call to Read');
    expect(sent).not.toContain('hunter2');
    expect(sent).not.toContain('ship on Friday');
  });

  it('runs the risk check of a parallel read-only call once', async () => {
    const model = await startScriptedModel([
      {
        toolCalls: [
          { name: 'Look', arguments: {} },
          { name: 'Look', arguments: {} },
        ],
      },
      { content: 'done' },
    ]);
    closers.push(model.close);
    let checks = 0;
    const registry = new ToolRegistry({
      policy: new ToolPolicy({ safeTools: { add: ['Look'] } }),
    }).register({
      name: 'Look',
      description: 'Looks.',
      readOnly: true,
      parameters: { type: 'object', properties: {} },
      assessRisk: () => {
        checks++;
        return [];
      },
      execute: async () => 'seen',
    });
    const loop = new AgentLoop({
      model: new OpenAIChatClient({ baseUrl: model.baseUrl, model: 'test-model', apiKey: 'k' }),
      registry,
    });
    expect((await loop.run('look twice')).output).toBe('done');
    expect(checks).toBe(2);
  });
});
