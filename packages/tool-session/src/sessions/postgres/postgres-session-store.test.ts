import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ToolRegistry } from '@tinyelf/core';
import { startPostgres } from '@tinyelf/test-support/postgres-server.mjs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createSessionTools } from '../../tools/session-tools';
import { SessionManager } from '../session-manager';
import { PostgresSessionStore } from './postgres-session-store';

// Against a real PostgreSQL server (Debian's postgresql package), started here on a loopback port.
const server = await startPostgres();
if (server.skipped) console.warn(`PostgreSQL session store tests skipped: ${server.skipped}`);
const stores: PostgresSessionStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  server.stop?.();
});

/** A store on a new, empty database of the server. */
async function freshStore(options: { leaseMs?: number } = {}) {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(server.url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = `${server.url!.replace(/\/postgres$/, '')}/${name}`;
  const open = () => {
    const store = new PostgresSessionStore({ url, ...options });
    stores.push(store);
    return store;
  };
  return { url, store: open(), open };
}

describe.skipIf(server.skipped)('PostgresSessionStore on a real server', () => {
  it('keeps sessions that another store on the same database lists, appends to and reads', async () => {
    const { store, open } = await freshStore();
    const created = await store.create({ title: 'Build the docs', agent: 'writer' });
    expect(created).toMatchObject({ title: 'Build the docs', agent: 'writer', status: 'idle' });
    expect(created.messageCount).toBe(0);
    await store.append(created.id, { role: 'user', content: 'start' });
    const other = open();
    expect((await other.list()).map((record) => record.id)).toEqual([created.id]);
    await other.append(created.id, {
      role: 'assistant',
      content: 'done',
      toolCalls: [{ id: 'c1', name: 'Read', arguments: '{"path":"a"}' }],
    });
    expect(await store.messages(created.id)).toEqual([
      { role: 'user', content: 'start' },
      {
        role: 'assistant',
        content: 'done',
        toolCalls: [{ id: 'c1', name: 'Read', arguments: '{"path":"a"}' }],
      },
    ]);
    const record = await store.get(created.id);
    expect(record?.messageCount).toBe(2);
    expect(record!.updatedAt >= created.updatedAt).toBe(true);
    expect(await store.get('s_unknown')).toBeUndefined();
  });

  it('migrates a new database once when several stores start on it at once', async () => {
    const { url, open } = await freshStore();
    const racing = Array.from({ length: 5 }, () => open());
    expect(await Promise.all(racing.map((store) => store.list()))).toEqual(racing.map(() => []));
    const client = new pg.Client(url);
    await client.connect();
    const applied = await client.query('SELECT version FROM tinyelf_session_migrations');
    await client.end();
    expect(applied.rows).toEqual([{ version: 1 }]);
  });

  it('works on a database made with sql/postgres-sessions.sql, the documented schema', async () => {
    const sql = readFileSync(
      new URL('../../../sql/postgres-sessions.sql', import.meta.url),
      'utf8',
    );
    const { url, open } = await freshStore();
    const client = new pg.Client(url);
    await client.connect();
    await client.query(sql);
    const store = open();
    const { id } = await store.create({ title: 'by hand', agent: 'general' });
    await store.append(id, { role: 'user', content: 'hello' });
    expect(await store.messages(id)).toEqual([{ role: 'user', content: 'hello' }]);
    const applied = await client.query('SELECT version FROM tinyelf_session_migrations');
    await client.end();
    expect(applied.rows).toEqual([{ version: 1 }]);
  });

  it('refuses an unknown session with SESSION_NOT_FOUND, whatever its id holds', async () => {
    const { store } = await freshStore();
    for (const id of ['s_none', "x'; DROP TABLE tinyelf_sessions; --", '../etc']) {
      await expect(store.append(id, { role: 'user', content: 'x' })).rejects.toMatchObject({
        code: 'SESSION_NOT_FOUND',
      });
      await expect(store.messages(id)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
      await expect(store.setStatus(id, 'idle')).rejects.toMatchObject({
        code: 'SESSION_NOT_FOUND',
      });
    }
    expect(await store.list()).toEqual([]);
  });

  it('stores text PostgreSQL is strict about: NUL characters, lone surrogates, emoji', async () => {
    const { store } = await freshStore();
    const { id } = await store.create({ title: 'nul\0title', agent: 'general' });
    const content = 'binary\0output \ud800 alone 🧝 end';
    await store.append(id, { role: 'tool', content, toolCallId: 'c' });
    expect(await store.messages(id)).toEqual([{ role: 'tool', content, toolCallId: 'c' }]);
    expect((await store.get(id))?.title).toBe('nul\uFFFDtitle');
  });

  it('orders the list by last change and reads a running session whose process died as interrupted', async () => {
    const { store, open } = await freshStore({ leaseMs: 300 });
    const first = await store.create({ title: 'first', agent: 'general' });
    const second = await store.create({ title: 'second', agent: 'general' });
    await store.append(first.id, { role: 'user', content: 'bump' });
    expect((await store.list()).map((record) => record.title)).toEqual(['first', 'second']);
    const dying = open();
    await dying.setStatus(second.id, 'running');
    await store.setStatus(first.id, 'running');
    expect((await store.get(second.id))?.status).toBe('running');
    await dying.close(); // the process running `second` is gone: its lease is not renewed
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await store.get(second.id))?.status).toBe('interrupted');
    expect((await store.get(first.id))?.status).toBe('running'); // renewed by this store
    await store.setStatus(first.id, 'idle');
    expect((await store.get(first.id))?.status).toBe('idle');
  });

  it('reconnects after the server restarts between calls, and says clearly while it is down', async () => {
    const { store } = await freshStore();
    const { id } = await store.create({ title: 'restart', agent: 'general' });
    await store.append(id, { role: 'user', content: 'before' });
    server.restart!();
    await store.append(id, { role: 'assistant', content: 'after the restart' });
    server.halt!();
    const started = Date.now();
    const down = await store.get(id).catch((error: unknown) => error);
    server.resume!();
    expect(down).toMatchObject({ code: 'SESSION_STORE_UNAVAILABLE' });
    expect((down as Error).message).toMatch(
      /^The session store cannot reach postgres:\/\/tinyelf@127\.0\.0\.1:\d+\/t_\w+: .+ Sessions are unavailable until it is back; try again later\.$/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    await store.append(id, { role: 'user', content: 'back' });
    expect((await store.messages(id)).map((message) => message.content)).toEqual([
      'before',
      'after the restart',
      'back',
    ]);
  });

  it('pages SessionsHistory in SQL and redacts secrets as the JSONL store does', async () => {
    const { store } = await freshStore();
    const { id } = await store.create({ title: 'long', agent: 'general' });
    for (let index = 1; index <= 30; index++)
      await store.append(id, {
        role: index % 2 ? 'user' : 'assistant',
        content: `message ${index}`,
      });
    await store.append(id, { role: 'user', content: 'my key is sk-abcdefghijklmnopqrstuvwx' });
    expect(await store.recentMessages(id, { limit: 3, offset: 1 })).toEqual({
      messages: [
        { role: 'assistant', content: 'message 28' },
        { role: 'user', content: 'message 29' },
        { role: 'assistant', content: 'message 30' },
      ],
      total: 31,
    });
    const manager = new SessionManager({
      store,
      runner: { run: async () => ({ status: 'completed', messages: [] }) } as never,
      registryFor: () => new ToolRegistry(),
    });
    const registry = new ToolRegistry().registerAll(createSessionTools(manager, store));
    const history = async (params: Record<string, unknown>) =>
      (await registry.execute('c', 'SessionsHistory', { sessionId: id, ...params })).content;
    expect(await history({ limit: 2 })).toBe(
      `Session ${id} (idle, 31 messages) (messages 30 to 31 of 31; offset 2 shows earlier ones):\nassistant: message 30\nuser: my key is [REDACTED]`,
    );
    expect(await history({ limit: 2, offset: 29 })).toBe(
      `Session ${id} (idle, 31 messages) (messages 1 to 2 of 31):\nuser: message 1\nassistant: message 2`,
    );
    expect(await history({ offset: 40 })).toBe(
      `Session ${id} (idle, 31 messages):\n(no messages at offset 40; there are 31)`,
    );
  });

  it('pages SessionsList in SQL by cursor, ties in last change broken by id, none shown twice', async () => {
    const { url, store } = await freshStore();
    const ids: string[] = [];
    for (let index = 0; index < 25; index++)
      ids.push((await store.create({ title: `s${index}`, agent: 'general' })).id);
    const client = new pg.Client(url);
    await client.connect();
    // Ten sessions changed at the same microsecond: only their ids order them.
    await client.query(
      `UPDATE tinyelf_sessions SET updated_at = '2026-01-02T03:04:05.123456Z' WHERE id = ANY($1)`,
      [ids.slice(5, 15)],
    );
    await client.end();
    const expected = (await store.list()).map((record) => record.id);
    const seen: string[] = [];
    let page = await store.listPage({ limit: 7 });
    for (;;) {
      expect(page.total).toBe(25);
      seen.push(...page.sessions.map((record) => record.id));
      if (!page.next) break;
      page = await store.listPage({ limit: 7, cursor: page.next });
    }
    expect(seen).toEqual(expected);
    expect((await store.listPage({ limit: 3, offset: 23 })).sessions.map((r) => r.id)).toEqual(
      expected.slice(23),
    );
    // A session that changes between two pages moves to the top; the next page does not repeat one.
    const first = await store.listPage({ limit: 10 });
    await store.append(expected[12]!, { role: 'user', content: 'bump' });
    const second = await store.listPage({ limit: 20, cursor: first.next! });
    expect(second.sessions.map((r) => r.id)).toEqual(
      expected.slice(10).filter((id) => id !== expected[12]),
    );
    await expect(store.listPage({ limit: 5, cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'INVALID_CURSOR',
    });

    const manager = new SessionManager({
      store,
      runner: { run: async () => ({ status: 'completed', messages: [] }) } as never,
      registryFor: () => new ToolRegistry(),
    });
    const registry = new ToolRegistry().registerAll(createSessionTools(manager, store));
    const list = async (params: Record<string, unknown>) =>
      (await registry.execute('c', 'SessionsList', params)).content;
    const top = (await list({ limit: 2 })).split('\n');
    expect(top[0]).toMatch(new RegExp(`^${expected[12]}  idle  general  1 messages  `));
    const cursor = /^\(2 of 25 sessions; cursor "([\w-]+)" lists the older ones\)$/.exec(
      top[2]!,
    )?.[1];
    expect((await list({ limit: 1, cursor })).split('\n')[0]).toMatch(
      new RegExp(`^${expected[1]}  `),
    );
    expect(await list({ offset: 30 })).toBe('No sessions at offset 30; there are 25.');
    expect(await list({ cursor: 'x' })).toMatch(
      /^Error: The cursor "x" is not one SessionsList gave/,
    );
  });
});
