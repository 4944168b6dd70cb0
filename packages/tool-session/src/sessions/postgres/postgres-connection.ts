import { setTimeout as sleep } from 'node:timers/promises';
import { TinyElfError } from '@tinyelf/core';
import type { Pool, QueryResultRow } from 'pg';
import { loadPg } from './load-pg';
import { migrationLockKey, migrationsTableSql, postgresMigrations } from './postgres-schema';

/** How the store connects. */
export interface PostgresConnectionOptions {
  /** `postgres://user:password@host:port/database`. @default libpq's PG* environment variables */
  readonly url?: string;
  /** The most connections open at once. @default 4 */
  readonly maxConnections?: number;
  /** How long opening a connection may take before the call fails. @default 5000 */
  readonly connectTimeoutMs?: number;
}

/** Waits before each retry of a call that lost its connection (a restart, a failover). */
const retryDelaysMs = [0, 250, 1000];

/** SQLSTATE classes and codes, and socket errors, that mean "the connection is gone, try again". */
function isConnectionError(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (typeof code === 'string') {
    if (/^(08|57P)/.test(code)) return true; // connection exception; admin shutdown, cannot connect now
    if (/^E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH|TIMEDOUT|NOTFOUND|AI_AGAIN)$/.test(code))
      return true;
  }
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    message ?? '',
  );
}

/** The URL without its password, for messages. */
function describe(url: string | undefined): string {
  if (!url) return 'the PostgreSQL server of the PG* environment variables';
  try {
    const parsed = new URL(url);
    parsed.password = parsed.password ? '***' : '';
    return parsed.toString();
  } catch {
    return 'the configured PostgreSQL server';
  }
}

/**
 * A lazily opened `pg` pool with the schema migrated: `pg` is imported and the pool made on the
 * first query. Queries that lose their connection (the server restarted, a pooled connection went
 * stale) are retried on a new one; when the server stays unreachable the call fails with
 * `SESSION_STORE_UNAVAILABLE`, and the next call tries again.
 */
export class PostgresConnection {
  private pool: Promise<Pool> | undefined;

  constructor(private readonly options: PostgresConnectionOptions) {}

  /** Runs one statement (retried on a lost connection: statements must be safe to repeat). */
  async query<Row extends QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
    let lastError: unknown;
    for (const delay of retryDelaysMs) {
      if (delay) await sleep(delay);
      try {
        const pool = await this.open();
        return (await pool.query<Row>(text, values)).rows;
      } catch (error) {
        if (error instanceof TinyElfError || !isConnectionError(error)) throw error;
        lastError = error;
      }
    }
    throw new TinyElfError({
      code: 'SESSION_STORE_UNAVAILABLE',
      message: `The session store cannot reach ${describe(this.options.url)}: ${(lastError as Error).message}. Sessions are unavailable until it is back; try again later.`,
      cause: lastError,
    });
  }

  /** Closes the pool's connections. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await (await pool?.catch(() => undefined))?.end();
  }

  private open(): Promise<Pool> {
    this.pool ??= this.connect().catch((error: unknown) => {
      this.pool = undefined; // the next call tries again
      throw error;
    });
    return this.pool;
  }

  private async connect(): Promise<Pool> {
    const pg = await loadPg();
    const pool = new pg.Pool({
      connectionString: this.options.url,
      max: this.options.maxConnections ?? 4,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
    });
    // An idle connection the server closed is dropped by the pool; without a listener it would
    // crash the process.
    pool.on('error', () => undefined);
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return pool;
  }
}

/** Applies the migrations the database lacks, one process at a time. */
async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    await client.query(migrationsTableSql);
    const applied = new Set(
      (
        await client.query<{ version: number }>('SELECT version FROM tinyelf_session_migrations')
      ).rows.map((row) => row.version),
    );
    for (const migration of postgresMigrations) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO tinyelf_session_migrations (version) VALUES ($1)', [
        migration.version,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    failure = error as Error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(failure); // a client that failed is closed, not reused
  }
}
