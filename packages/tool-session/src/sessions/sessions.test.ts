import { appendFileSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultAgentRunner, OpenAIChatClient } from '@tinyelf/agent';
import { ToolRegistry } from '@tinyelf/core';
import {
  type ScriptedReply,
  startScriptedModel,
} from '@tinyelf/test-support/scripted-model-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionTools } from '../tools/session-tools';
import { JsonlSessionStore } from './jsonl-session-store';
import { redactSecrets } from './redact-secrets';
import { SessionManager } from './session-manager';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function setup(script: ScriptedReply[]) {
  const model = await startScriptedModel(script);
  closers.push(model.close);
  const folder = join(realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-sessions-'))), 'sessions');
  const store = new JsonlSessionStore(folder);
  const manager = new SessionManager({
    store,
    runner: new DefaultAgentRunner({
      model: new OpenAIChatClient({ baseUrl: model.baseUrl, model: 'm' }),
    }),
    registryFor: () => new ToolRegistry(),
  });
  const registry = new ToolRegistry().registerAll(createSessionTools(manager, store));
  return { model, folder, store, manager, registry };
}

describe('sessions', () => {
  it('spawns a session that runs in the background, lists it and shows its history', async () => {
    const { registry, manager, store } = await setup([{ content: 'first answer' }]);
    const spawned = await registry.execute('c', 'SessionsSpawn', {
      prompt: 'hello there',
      title: 'Greeting',
    });
    const id = /s_[a-z0-9]+_[0-9a-f]+/.exec(spawned.content)![0];
    await manager.idle(id);
    expect((await registry.execute('c', 'SessionsList', {})).content).toMatch(
      new RegExp(`^${id}  idle  general  2 messages  .+  Greeting$`),
    );
    expect((await registry.execute('c', 'SessionsHistory', { sessionId: id })).content).toBe(
      `Session ${id} (idle, 2 messages):\nuser: hello there\nassistant: first answer`,
    );
    expect((await store.get(id))?.title).toBe('Greeting');
  });

  it('queues a message sent while the session is busy and runs both in order with the history', async () => {
    const { registry, manager, model } = await setup([
      { content: 'one' },
      { content: 'two' },
      { content: 'three' },
    ]);
    const id = /s_[a-z0-9]+_[0-9a-f]+/.exec(
      (await registry.execute('c', 'SessionsSpawn', { prompt: 'first' })).content,
    )![0];
    const second = await registry.execute('c', 'SessionsSend', {
      sessionId: id,
      message: 'second',
    });
    expect(second.content).toContain('Queued for session');
    await registry.execute('c', 'SessionsSend', { sessionId: id, message: 'third' });
    await manager.idle(id);
    const history = (await registry.execute('c', 'SessionsHistory', { sessionId: id })).content;
    expect(history.split('\n').slice(1)).toEqual([
      'user: first',
      'assistant: one',
      'user: second',
      'assistant: two',
      'user: third',
      'assistant: three',
    ]);
    const lastRequest = model.requests[2] as { messages: { content: string }[] };
    expect(lastRequest.messages.map((message) => message.content)).toEqual([
      'first',
      'one',
      'second',
      'two',
      'third',
    ]);
    expect(
      (await registry.execute('c', 'SessionsSend', { sessionId: 's_nope', message: 'x' })).content,
    ).toContain('There is no session "s_nope"');
  });

  it('redacts secrets in the history', async () => {
    const { registry, manager } = await setup([
      { content: 'stored key sk-abcdefghijklmnopqrstuvwx and token=hunter2hunter2' },
    ]);
    const id = /s_[a-z0-9]+_[0-9a-f]+/.exec(
      (
        await registry.execute('c', 'SessionsSpawn', {
          prompt: 'my AWS key is AKIAIOSFODNN7EXAMPLE',
        })
      ).content,
    )![0];
    await manager.idle(id);
    const history = (await registry.execute('c', 'SessionsHistory', { sessionId: id })).content;
    expect(history).toContain('user: my AWS key is [REDACTED]');
    expect(history).toContain('assistant: stored key [REDACTED] and token=[REDACTED]');
    expect(redactSecrets('Authorization: Bearer abcdefghijklmnopqrstuvwxyz')).toBe(
      'Authorization: Bearer [REDACTED]',
    );
  });

  it('survives a restart: another store reads the files, an unfinished run is interrupted, a torn line is ignored', async () => {
    const { folder, store } = await setup([]);
    const record = await store.create({ title: 'crashed', agent: 'general' });
    await store.append(record.id, { role: 'user', content: 'do it' });
    await store.setStatus(record.id, 'running');
    appendFileSync(join(folder, `${record.id}.jsonl`), '{"type":"message","at":"2026-');
    const afterRestart = new JsonlSessionStore(folder);
    expect(await afterRestart.get(record.id)).toMatchObject({
      status: 'interrupted',
      messageCount: 1,
      title: 'crashed',
    });
    expect(await afterRestart.messages(record.id)).toEqual([{ role: 'user', content: 'do it' }]);
  });

  it('serialises concurrent appends to one session', async () => {
    const { folder, store } = await setup([]);
    const record = await store.create({ title: 'busy', agent: 'general' });
    await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        store.append(record.id, { role: 'user', content: `message ${index}` }),
      ),
    );
    const lines = readFileSync(join(folder, `${record.id}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(101);
    expect((await store.messages(record.id)).map((message) => message.content)).toEqual(
      Array.from({ length: 100 }, (_, index) => `message ${index}`),
    );
  });
});
