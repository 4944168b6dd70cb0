/**
 * The schema of the PostgreSQL session store, as numbered migrations. The store applies the ones a
 * database lacks on first use (under an advisory lock, so processes starting together apply each
 * once) and records them in `tinyelf_session_migrations`. `sql/postgres-sessions.sql` in this
 * package is the same SQL for those who create the schema themselves.
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
