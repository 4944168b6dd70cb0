import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startPostgres } from '@tinyelf/test-support/postgres-server.mjs';
import { runProcess } from '@tinyelf/test-support/run-process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresSessionStore } from './postgres-session-store';

// Two OS processes (node running this package's built store) write one session at the same time.
const server = await startPostgres();
if (server.skipped) console.warn(`PostgreSQL multi-process tests skipped: ${server.skipped}`);
afterAll(() => server.stop?.());

const built = fileURLToPath(new URL('../../../dist/index.js', import.meta.url));

/** The writer: connects, waits for the common start, then appends from 2 chains at once. */
const writer = `
import { PostgresSessionStore } from ${JSON.stringify(pathToFileURL(built).href)};
const [url, id, tag, startAt, perChain] = process.argv.slice(2);
const store = new PostgresSessionStore({ url });
await store.get(id);
await new Promise((resolve) => setTimeout(resolve, Number(startAt) - Date.now()));
await Promise.all(['a', 'b'].map(async (chain) => {
  for (let index = 0; index < Number(perChain); index++)
    await store.append(id, { role: 'user', content: tag + chain + ':' + index });
}));
await store.close();
console.log('done');
`;

describe.skipIf(server.skipped)('PostgresSessionStore shared by processes', () => {
  it('keeps every message of two processes appending to one session at once, each in its order', async () => {
    expect(existsSync(built), `${built} is missing: run pnpm build first`).toBe(true);
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client(server.url);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = `${server.url!.replace(/\/postgres$/, '')}/${name}`;
    const script = join(mkdtempSync(join(tmpdir(), 'tinyelf-pg-writer-')), 'writer.mjs');
    writeFileSync(script, writer);
    const store = new PostgresSessionStore({ url });
    const perChain = 150;
    const { id } = await store.create({ title: 'shared', agent: 'general' });
    const startAt = String(Date.now() + 1500);
    const runs = await Promise.all(
      ['P', 'Q'].map((tag) =>
        runProcess('node', [script, url, id, tag, startAt, String(perChain)]),
      ),
    );
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0, stdout: 'done\n' });
    const contents = (await store.messages(id)).map((message) => message.content);
    expect(contents).toHaveLength(4 * perChain);
    expect((await store.get(id))?.messageCount).toBe(4 * perChain);
    for (const chain of ['Pa', 'Pb', 'Qa', 'Qb']) {
      const mine = contents.filter((content) => content.startsWith(`${chain}:`));
      expect(mine).toEqual(Array.from({ length: perChain }, (_, index) => `${chain}:${index}`));
    }
    // The writers really interleaved (otherwise this test proves nothing about concurrency).
    const switches = contents.filter(
      (content, index) => index > 0 && content[0] !== contents[index - 1]![0],
    ).length;
    expect(switches).toBeGreaterThan(10);
    const pool = new pg.Client(url);
    await pool.connect();
    const seqs = await pool.query<{ seq: number }>(
      'SELECT seq FROM tinyelf_session_messages WHERE session_id = $1 ORDER BY seq',
      [id],
    );
    await pool.end();
    expect(seqs.rows.map((row) => row.seq)).toEqual(
      Array.from({ length: 4 * perChain }, (_, index) => index + 1),
    );
    await store.close();
  });
});
