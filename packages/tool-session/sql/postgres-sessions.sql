-- The schema of @tinyelf/tool-session's PostgreSQL session store (PostgresSessionStore, or
-- sessions: { store: 'postgres', url } in the configuration). The store creates it itself on first
-- use, under an advisory lock, and records each migration in tinyelf_session_migrations; run this
-- file instead when the store's database user may not create tables (then grant it SELECT, INSERT
-- and UPDATE on these tables).
-- Written from src/sessions/postgres/postgres-schema.ts by `node write-sql.mjs`: edit the
-- migrations there, not this file.

CREATE TABLE IF NOT EXISTS tinyelf_session_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());

-- Migration 1
CREATE TABLE IF NOT EXISTS tinyelf_sessions (
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
  -- The ChatMessage as JSON text (not json/jsonb: they refuse the \u0000 a tool's output can hold).
  message text NOT NULL,
  PRIMARY KEY (session_id, seq),
  UNIQUE (session_id, message_id)
);
INSERT INTO tinyelf_session_migrations (version) VALUES (1) ON CONFLICT DO NOTHING;
