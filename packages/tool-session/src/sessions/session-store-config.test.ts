import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { runProcess } from '@tinyelf/test-support/run-process';
import { describe, expect, it } from 'vitest';
import { createSessionPlugins } from '../session-plugins';
import { JsonlSessionStore } from './jsonl-session-store';
import { loadPg } from './postgres/load-pg';
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

  it('loads pg only for PostgreSQL: the JSONL default never does', async () => {
    const built = new URL('../../dist/index.js', import.meta.url).href;
    const script = `
      import { createRequire } from 'node:module';
      const { createSessionStore } = await import(${JSON.stringify(built)});
      const { store } = createSessionStore({}, ${JSON.stringify(workspace())});
      await store.create({ title: 't', agent: 'a' });
      await store.list();
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => /[\\/]pg[\\/]/.test(file));
      console.log(loaded.length);`;
    const run = await runProcess(process.execPath, ['--input-type=module', '-e', script]);
    expect(run).toMatchObject({ code: 0, stdout: '0\n' });
  });

  it('says how to install pg when it is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package 'pg' imported from /app/x.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(loadPg(() => Promise.reject(missing))).rejects.toMatchObject({
      code: 'DEPENDENCY_NOT_INSTALLED',
      message:
        "Sessions are configured with store: 'postgres', but the pg package is not installed: install it (npm i pg) or use store: 'jsonl', the default.",
    });
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
