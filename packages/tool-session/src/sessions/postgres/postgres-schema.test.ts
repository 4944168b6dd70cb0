import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { postgresMigrations, postgresSchemaSql } from './postgres-schema';

describe('sql/postgres-sessions.sql', () => {
  it('is what the migrations produce (node write-sql.mjs after a build rewrites it)', () => {
    const shipped = readFileSync(
      new URL('../../../sql/postgres-sessions.sql', import.meta.url),
      'utf8',
    );
    expect(shipped, 'run `node write-sql.mjs` in packages/tool-session after a build').toBe(
      postgresSchemaSql(),
    );
    for (const migration of postgresMigrations)
      expect(shipped).toContain(
        `${migration.sql}\nINSERT INTO tinyelf_session_migrations (version) VALUES (${migration.version}) ON CONFLICT DO NOTHING;`,
      );
  });
});
