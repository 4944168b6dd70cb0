/** The table that records which migrations a database has (created before any migration). */
export const migrationsTableSql =
  'CREATE TABLE IF NOT EXISTS tinyelf_session_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());';

/**
 * The schema of the PostgreSQL session store, as numbered migrations: the one source of it. The
 * store applies the ones a database lacks on first use (under an advisory lock, so processes
 * starting together apply each once) and records them in `tinyelf_session_migrations`.
 * `sql/postgres-sessions.sql` in this package is written from them ({@link postgresSchemaSql},
 * `node write-sql.mjs` after a build) for those who create the schema themselves.
 */
export const postgresMigrations: readonly { readonly version: number; readonly sql: string }[] = [
  {
    version: 1,
    sql: `CREATE TABLE IF NOT EXISTS tinyelf_sessions (
  id text PRIMARY KEY,
  title text NOT NULL,
  agent text NOT NULL,
  status text NOT NULL DEFAULT 'idle'
    CHECK (status IN ('idle', 'running', 'interrupted', 'failed')),
  -- While running: until when the running process vouches for it (it renews this lease).
  lease_until timestamptz,
  message_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS tinyelf_sessions_updated ON tinyelf_sessions (updated_at DESC, id);
CREATE TABLE IF NOT EXISTS tinyelf_session_messages (
  session_id text NOT NULL REFERENCES tinyelf_sessions (id) ON DELETE CASCADE,
  -- 1, 2, 3, ...: the message's place in the transcript, from the session's message_count.
  seq integer NOT NULL,
  -- Chosen by the writer, so a retried append is not stored twice.
  message_id uuid NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  -- The ChatMessage as JSON text (not json/jsonb: they refuse the \\u0000 a tool's output can hold).
  message text NOT NULL,
  PRIMARY KEY (session_id, seq),
  UNIQUE (session_id, message_id)
);`,
  },
];

/** The advisory lock key the migrations run under (any constant; "tinyelf" in ASCII). */
export const migrationLockKey = 0x74696e79;

/**
 * The whole schema as one SQL script (what `sql/postgres-sessions.sql` holds): the migrations table,
 * then every migration and its record, so the store finds nothing left to apply.
 */
export function postgresSchemaSql(): string {
  return [
    "-- The schema of @tinyelf/tool-session's PostgreSQL session store (PostgresSessionStore, or",
    "-- sessions: { store: 'postgres', url } in the configuration). The store creates it itself on first",
    '-- use, under an advisory lock, and records each migration in tinyelf_session_migrations; run this',
    "-- file instead when the store's database user may not create tables (then grant it SELECT, INSERT",
    '-- and UPDATE on these tables).',
    '-- Written from src/sessions/postgres/postgres-schema.ts by `node write-sql.mjs`: edit the',
    '-- migrations there, not this file.',
    '',
    migrationsTableSql,
    ...postgresMigrations.flatMap((migration) => [
      '',
      `-- Migration ${migration.version}`,
      migration.sql,
      `INSERT INTO tinyelf_session_migrations (version) VALUES (${migration.version}) ON CONFLICT DO NOTHING;`,
    ]),
    '',
  ].join('\n');
}
