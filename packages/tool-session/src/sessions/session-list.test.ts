import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { createSessionTools } from '../tools/session-tools';
import { JsonlSessionStore } from './jsonl-session-store';
import { readSessionList } from './session-list';
import { SessionManager } from './session-manager';

describe('readSessionList on a store that cannot page (the JSONL store)', () => {
  it('walks the whole list by cursor, newest first, and SessionsList shows the cursor', async () => {
    const store = new JsonlSessionStore(join(mkdtempSync(join(tmpdir(), 'tinyelf-list-')), 's'));
    for (let index = 0; index < 7; index++) await store.create({ title: `t${index}`, agent: 'a' });
    const expected = (await store.list()).map((record) => record.id);
    expect(new Set(expected).size).toBe(7);
    const seen: string[] = [];
    let page = await readSessionList(store, { limit: 3 });
    for (;;) {
      expect(page.total).toBe(7);
      seen.push(...page.sessions.map((record) => record.id));
      if (!page.next) break;
      page = await readSessionList(store, { limit: 3, cursor: page.next });
    }
    expect(seen).toEqual(expected);
    expect((await readSessionList(store, { limit: 3, offset: 5 })).sessions.length).toBe(2);

    const manager = new SessionManager({
      store,
      runner: { run: async () => ({ status: 'completed', messages: [] }) } as never,
      registryFor: () => new ToolRegistry(),
    });
    const registry = new ToolRegistry().registerAll(createSessionTools(manager, store));
    const list = async (params: Record<string, unknown>) =>
      (await registry.execute('c', 'SessionsList', params)).content;
    const lines = (await list({ limit: 6 })).split('\n');
    expect(lines).toHaveLength(7);
    const cursor = /^\(6 of 7 sessions; cursor "([\w-]+)" lists the older ones\)$/.exec(
      lines[6]!,
    )?.[1];
    expect(await list({ cursor })).toMatch(
      new RegExp(`^${expected[6]}  idle  a  0 messages  .+  t0$`),
    );
    const bad = await registry.execute('c', 'SessionsList', { cursor: 'bm9wZQ' });
    expect(bad.errorCode).toBe('INVALID_CURSOR');
  });
});
