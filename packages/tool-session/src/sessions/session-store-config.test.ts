import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { describe, expect, it } from 'vitest';
import { createSessionPlugins } from '../session-plugins';
import { JsonlSessionStore } from './jsonl-session-store';
import { PostgresSessionStore } from './postgres/postgres-session-store';
import { createSessionStore } from './session-store-config';

const workspace = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-store-config-')));
const runner = { run: async () => ({ status: 'completed', messages: [] }) } as never;

describe('choosing the session store', () => {
  it('keeps JSONL files in the workspace by default, and PostgreSQL when configured', () => {
    expect(createSessionStore({}, workspace()).store).toBeInstanceOf(JsonlSessionStore);
    const chosen = createSessionStore(
      { store: 'postgres', url: 'postgres://u@127.0.0.1:1/db' },
      '/',
    );
    expect(chosen.store).toBeInstanceOf(PostgresSessionStore);
  });

  it('refuses settings it cannot use with INVALID_CONFIG, saying what is allowed', () => {
    const attempt = (settings: Record<string, unknown>) => {
      try {
        createSessionStore(settings, workspace());
        return 'accepted';
      } catch (error) {
        return `${(error as { code: string }).code}: ${(error as Error).message}`;
      }
    };
    expect(attempt({ store: 'mysql' })).toBe(
      `INVALID_CONFIG: sessions.store is "mysql"; allowed: 'jsonl' (the default) or 'postgres'.`,
    );
    expect(attempt({ store: 'postgres', url: 'localhost:5432' })).toBe(
      'INVALID_CONFIG: sessions.url must be a postgres:// or postgresql:// URL (postgres://user:password@host:port/database).',
    );
    expect(attempt({ url: 'postgres://h/db' })).toBe(
      "INVALID_CONFIG: sessions.url is only read with store: 'postgres'; add it or remove the url.",
    );
  });

  it('reads sessions.store from the configuration; an unreachable server fails the call, not the build', async () => {
    const plugins = createSessionPlugins({ runner });
    const context = createTestBuildContext({
      workspaceRoot: workspace(),
      config: { sessions: { store: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' } },
    });
    const tools = await plugins.session.createTools(context);
    const list = tools.find((tool) => tool.name === 'SessionsList')!;
    await expect(list.execute({})).rejects.toMatchObject({
      code: 'SESSION_STORE_UNAVAILABLE',
      message: expect.stringMatching(
        /^The session store cannot reach postgres:\/\/nobody@127\.0\.0\.1:1\/none: .*ECONNREFUSED/,
      ),
    });
    await plugins.session.dispose?.();
  });
});
