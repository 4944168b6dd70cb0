import { randomBytes, randomUUID } from 'node:crypto';
import type { ChatMessage, SessionRecord, SessionStatus } from '@tinyelf/core';
import { TinyElfError } from '@tinyelf/core';
import {
  decodeSessionCursor,
  encodeSessionCursor,
  type PagedSessionList,
  type SessionListPage,
  type SessionListRequest,
} from '../session-list';
import type { PagedSessionStore, SessionMessagePage, SessionPageRequest } from '../session-page';
import { PostgresConnection, type PostgresConnectionOptions } from './postgres-connection';

/** Options of a {@link PostgresSessionStore}. */
export interface PostgresSessionStoreOptions extends PostgresConnectionOptions {
  /**
   * How long a session stays `running` without the process running it renewing its lease (every
   * third of this); after that it reads as `interrupted`, as when that process died. @default 30000
   */
  readonly leaseMs?: number;
}

interface SessionRow {
  id: string;
  title: string;
  agent: string;
  status: SessionStatus;
  message_count: number;
  created_at: Date;
  updated_at: Date;
}

const sessionColumns = `id, title, agent, message_count, created_at, updated_at,
  CASE WHEN status = 'running' AND (lease_until IS NULL OR lease_until < now())
    THEN 'interrupted' ELSE status END AS status`;

/** PostgreSQL rejects NUL in text; a title or agent name keeps the rest. */
const withoutNul = (text: string) => text.replaceAll('\0', '\uFFFD');

/**
 * Sessions in PostgreSQL, shared by every process that points at the same database: a session
 * started in one is listed, sent to and read in another. The schema is created on first use (see
 * `sql/postgres-sessions.sql`). Appends are one statement that takes the session's row lock and
 * numbers the message from its count, so concurrent writers keep every message, in order, with no
 * gaps; a retried append (after a lost connection) is not stored twice. A `running` session whose
 * process stopped renewing its lease reads as `interrupted`. `pg` is loaded on first use.
 */
export class PostgresSessionStore implements PagedSessionStore, PagedSessionList {
  private readonly connection: PostgresConnection;
  private readonly leaseMs: number;
  /** Sessions this process is running (their leases are renewed). */
  private readonly runningHere = new Set<string>();
  private renewal: NodeJS.Timeout | undefined;

  constructor(options: PostgresSessionStoreOptions = {}) {
    this.connection = new PostgresConnection(options);
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  /** Starts a new, empty session for an agent. */
  async create(input: { title: string; agent: string }): Promise<SessionRecord> {
    const id = `s_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const rows = await this.connection.query<SessionRow>(
      `INSERT INTO tinyelf_sessions (id, title, agent) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id RETURNING ${sessionColumns}`,
      [id, withoutNul(input.title), withoutNul(input.agent)],
    );
    return toRecord(rows[0]!);
  }

  /** Every session, newest first. */
  async list(): Promise<SessionRecord[]> {
    const rows = await this.connection.query<SessionRow>(
      `SELECT ${sessionColumns} FROM tinyelf_sessions ORDER BY updated_at DESC, id`,
    );
    return rows.map(toRecord);
  }

  /**
   * One page of the list, newest first: a keyset range scan of the `(updated_at DESC, id)` index
   * from the cursor (or `offset` rows from the newest), and the count of all sessions.
   */
  async listPage(request: SessionListRequest): Promise<SessionListPage> {
    const after = request.cursor === undefined ? undefined : decodeSessionCursor(request.cursor);
    const limit = Math.max(0, Math.min(request.limit, 2 ** 31 - 2));
    const rows = await this.connection.query<SessionRow & { position: string; total: number }>(
      `SELECT ${sessionColumns},
         to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position,
         (SELECT count(*)::integer FROM tinyelf_sessions) AS total
       FROM tinyelf_sessions
       ${after ? 'WHERE updated_at <= $3::timestamptz AND (updated_at < $3::timestamptz OR id > $4)' : ''}
       ORDER BY updated_at DESC, id LIMIT $1::bigint + 1 OFFSET $2`,
      after ? [limit, 0, after.updatedAt, after.id] : [limit, Math.max(0, request.offset ?? 0)],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const total =
      rows[0]?.total ??
      (
        await this.connection.query<{ total: number }>(
          'SELECT count(*)::integer AS total FROM tinyelf_sessions',
        )
      )[0]!.total;
    return {
      sessions: page.map(toRecord),
      total,
      ...(last && rows.length > limit
        ? { next: encodeSessionCursor({ updatedAt: last.position, id: last.id }) }
        : {}),
    };
  }

  /** The session's summary, or undefined for an unknown id. */
  async get(id: string): Promise<SessionRecord | undefined> {
    const rows = await this.connection.query<SessionRow>(
      `SELECT ${sessionColumns} FROM tinyelf_sessions WHERE id = $1`,
      [id],
    );
    return rows[0] && toRecord(rows[0]);
  }

  /** Adds a message as the session's next one (safe with other writers of the same session). */
  async append(id: string, message: ChatMessage): Promise<void> {
    const rows = await this.connection.query<{ seq: number }>(
      `WITH known AS (
         SELECT seq FROM tinyelf_session_messages WHERE session_id = $1 AND message_id = $2
       ), counted AS (
         UPDATE tinyelf_sessions SET message_count = message_count + 1, updated_at = now()
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM known) RETURNING message_count
       ), inserted AS (
         INSERT INTO tinyelf_session_messages (session_id, seq, message_id, message)
         SELECT $1, message_count, $2, $3 FROM counted RETURNING seq
       )
       SELECT seq FROM inserted UNION ALL SELECT seq FROM known`,
      [id, randomUUID(), JSON.stringify(message)],
    );
    if (rows.length === 0) throw notFound(id);
  }

  /** The session's transcript, oldest first. */
  async messages(id: string): Promise<ChatMessage[]> {
    return (await this.recentMessages(id, { limit: Number.MAX_SAFE_INTEGER })).messages;
  }

  /** The `limit` messages before the newest `offset`: one range scan of the message index. */
  async recentMessages(id: string, request: SessionPageRequest): Promise<SessionMessagePage> {
    const rows = await this.connection.query<{ total: number; message: string | null }>(
      `SELECT s.message_count AS total, m.message FROM tinyelf_sessions s
       LEFT JOIN tinyelf_session_messages m ON m.session_id = s.id
         AND m.seq > s.message_count::bigint - $3::bigint - $2::bigint
         AND m.seq <= s.message_count::bigint - $3::bigint
       WHERE s.id = $1 ORDER BY m.seq`,
      [id, Math.min(request.limit, 2 ** 31 - 1), request.offset ?? 0],
    );
    if (rows.length === 0) throw notFound(id);
    return {
      messages: rows.flatMap((row) =>
        row.message ? [JSON.parse(row.message) as ChatMessage] : [],
      ),
      total: rows[0]!.total,
    };
  }

  /** Records what the session is doing; `running` holds a lease this process renews. */
  async setStatus(id: string, status: SessionStatus): Promise<void> {
    const rows = await this.connection.query(
      `UPDATE tinyelf_sessions SET status = $2, updated_at = now(),
         lease_until = CASE WHEN $2 = 'running' THEN now() + $3::double precision * interval '1 millisecond' END
       WHERE id = $1 RETURNING id`,
      [id, status, this.leaseMs],
    );
    if (rows.length === 0) throw notFound(id);
    if (status === 'running') this.runningHere.add(id);
    else this.runningHere.delete(id);
    this.scheduleRenewal();
  }

  /** Stops renewing leases and closes the connections. */
  async close(): Promise<void> {
    this.runningHere.clear();
    this.scheduleRenewal();
    await this.connection.close();
  }

  private scheduleRenewal(): void {
    if (this.runningHere.size === 0) {
      clearInterval(this.renewal);
      this.renewal = undefined;
      return;
    }
    this.renewal ??= setInterval(() => {
      void this.connection
        .query(
          `UPDATE tinyelf_sessions SET lease_until = now() + $2::double precision * interval '1 millisecond'
           WHERE id = ANY($1) AND status = 'running'`,
          [[...this.runningHere], this.leaseMs],
        )
        .catch(() => undefined); // the next renewal tries again
    }, this.leaseMs / 3).unref();
  }
}

function toRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    title: row.title,
    agent: row.agent,
    status: row.status,
    messageCount: row.message_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function notFound(id: string): TinyElfError {
  return new TinyElfError({
    code: 'SESSION_NOT_FOUND',
    message: `There is no session "${id}"; SessionsList shows the sessions.`,
  });
}
