// Writes sql/postgres-sessions.sql from the store's migrations (src/sessions/postgres/postgres-schema.ts,
// the one source of the schema): node write-sql.mjs (after a build). A test fails when the shipped
// file differs from what the migrations produce.
import { writeFileSync } from 'node:fs';
import { postgresSchemaSql } from '@tinyelf/tool-session';

writeFileSync(new URL('./sql/postgres-sessions.sql', import.meta.url), postgresSchemaSql());
