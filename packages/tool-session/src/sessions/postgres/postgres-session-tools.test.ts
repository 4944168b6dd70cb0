import { DefaultAgentRunner, OpenAIChatClient } from '@tinyelf/agent';
import { ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { startPostgres } from '@tinyelf/test-support/postgres-server.mjs';
import { startScriptedModel } from '@tinyelf/test-support/scripted-model-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createSessionPlugins } from '../../session-plugins';

// Two front ends configured with `sessions: { store: 'postgres', url }`, as two processes would
// be: a session one of them starts is listed, sent to and read by the other, through the tools.
const server = await startPostgres();
if (server.skipped) console.warn(`PostgreSQL session tool tests skipped: ${server.skipped}`);
afterAll(() => server.stop?.());

describe.skipIf(server.skipped)('the session tools with sessions in PostgreSQL', () => {
  it('let a session started by one front end be listed, sent to and read by another', async () => {
    const model = await startScriptedModel([
      { content: 'first answer' },
      { content: 'second answer' },
    ]);
    const frontEnd = async () => {
      const plugins = createSessionPlugins({
        runner: new DefaultAgentRunner({
          model: new OpenAIChatClient({ baseUrl: model.baseUrl, model: 'm' }),
        }),
        sessionRegistry: () => new ToolRegistry(),
      });
      const context = createTestBuildContext({
        config: { sessions: { store: 'postgres', url: server.url } },
      });
      const registry = new ToolRegistry().registerAll(await plugins.session.createTools(context));
      const call = async (tool: string, params: Record<string, unknown>) =>
        (await registry.execute('c', tool, params)).content;
      return { call, dispose: () => plugins.session.dispose?.() };
    };
    const [first, second] = [await frontEnd(), await frontEnd()];
    try {
      const started = await first.call('SessionsSpawn', { prompt: 'hello', title: 'Shared' });
      const id = /s_[a-z0-9]+_[0-9a-f]+/.exec(started)![0];
      const settled = async (front: typeof first, count: number) => {
        for (let tries = 0; tries < 100; tries++) {
          const history = await front.call('SessionsHistory', { sessionId: id });
          if (history.startsWith(`Session ${id} (idle, ${count} messages)`)) return history;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`session ${id} did not settle at ${count} messages`);
      };
      await settled(first, 2);
      expect(await second.call('SessionsList', {})).toMatch(
        new RegExp(`^${id}  idle  general  2 messages  .+  Shared$`),
      );
      expect(await second.call('SessionsSend', { sessionId: id, message: 'and then?' })).toBe(
        `Sent to session ${id}; its agent is working on it.`,
      );
      expect(await settled(first, 4)).toBe(
        `Session ${id} (idle, 4 messages):\nuser: hello\nassistant: first answer\nuser: and then?\nassistant: second answer`,
      );
      // The second front end ran the agent with the history the first one wrote.
      const lastRequest = model.requests[1] as { messages: { content: string }[] };
      expect(lastRequest.messages.map((message) => message.content)).toEqual([
        'hello',
        'first answer',
        'and then?',
      ]);
    } finally {
      await Promise.all([first.dispose(), second.dispose()]);
      await model.close();
    }
  });
});
