import { join } from 'node:path';
import { type SessionStore, TinyElfError } from '@tinyelf/core';
import { JsonlSessionStore } from './jsonl-session-store';
import { PostgresSessionStore } from './postgres/postgres-session-store';

/** The settings of the `sessions` section that choose where sessions are kept. */
export interface SessionStoreSettings {
  /**
   * `'jsonl'`: one file per session in `<workspace>/.tinyelf/sessions`, for one machine;
   * `'postgres'`: a PostgreSQL database shared by every process that points at it (needs the `pg`
   * package); or a store object. @default 'jsonl'
   */
  readonly store?: 'jsonl' | 'postgres' | SessionStore;
  /**
   * With `store: 'postgres'`: `postgres://user:password@host:port/database`.
   * @default libpq's PG* environment variables (PGHOST, PGUSER, PGPASSWORD, PGDATABASE, ...)
   */
  readonly url?: string;
}

/**
 * The JSON Schema of {@link SessionStoreSettings} as configuration (the `store` and `url` keys of
 * the `sessions` section), for configuration validators.
 */
export const sessionStoreSettingsSchema: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    store: {
      enum: ['jsonl', 'postgres'],
      description:
        "Where sessions are kept: 'jsonl' (files in the workspace, the default) or 'postgres' (a shared database; install pg).",
    },
    url: {
      type: 'string',
      pattern: '^postgres(ql)?://',
      description:
        "With store 'postgres': postgres://user:password@host:port/database (default: the PG* environment variables).",
    },
  },
};

/** A store made from settings, and how to release it. */
export interface CreatedSessionStore {
  /** The store. */
  readonly store: SessionStore;
  /** Closes what the store opened (a database pool); a no-op for files or a given store. */
  readonly close: () => Promise<void>;
}

/**
 * Makes the session store the settings choose (a store object is used as it is). Wrong settings
 * are an `INVALID_CONFIG` error naming what is allowed; nothing connects until the first call.
 */
export function createSessionStore(
  settings: SessionStoreSettings,
  workspaceRoot: string,
): CreatedSessionStore {
  const { store = 'jsonl', url } = settings;
  if (typeof store === 'object' && store !== null) return { store, close: async () => undefined };
  if (url !== undefined && (typeof url !== 'string' || !/^postgres(ql)?:\/\//.test(url)))
    throw invalid(
      'sessions.url must be a postgres:// or postgresql:// URL (postgres://user:password@host:port/database).',
    );
  if (store === 'postgres') {
    const postgres = new PostgresSessionStore({ url });
    return { store: postgres, close: () => postgres.close() };
  }
  if (store !== 'jsonl')
    throw invalid(
      `sessions.store is ${JSON.stringify(store)}; allowed: 'jsonl' (the default) or 'postgres'.`,
    );
  if (url !== undefined)
    throw invalid("sessions.url is only read with store: 'postgres'; add it or remove the url.");
  return {
    store: new JsonlSessionStore(join(workspaceRoot, '.tinyelf', 'sessions')),
    close: async () => undefined,
  };
}

function invalid(message: string): TinyElfError {
  return new TinyElfError({ code: 'INVALID_CONFIG', message });
}
