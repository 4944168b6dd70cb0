// The PostgreSQL session store against the JSONL store in the same run: appending a 1,000-message
// session, SessionsHistory of its last 20 messages (through ToolRegistry.execute, as a model calls
// it), and reading the whole transcript. PostgreSQL runs on loopback with fsync on (as deployed);
// the JSONL store appends without fsync. Then SessionsList's page of 50 out of 10,000 sessions, by
// cursor in SQL, against loading the whole list (what it did before). Run after `pnpm build`:
// node bench/session-store-bench.mjs [messages] [sessions] (smaller counts for a quick try)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { startPostgres } from '@tinyelf/test-support/postgres-server.mjs';
import {
  createSessionTools,
  JsonlSessionStore,
  PostgresSessionStore,
  SessionManager,
} from '@tinyelf/tool-session';
import pg from 'pg';

const count = Number(process.argv[2] ?? 1000);
const sessionCount = Number(process.argv[3] ?? 10_000);
const server = await startPostgres({ fsync: true });
if (server.skipped) {
  console.log(`Skipped: ${server.skipped}`);
  process.exit(0);
}

/** A message as agents write them: a few hundred characters, every fifth with a tool call. */
const message = (index) =>
  index % 5 === 4
    ? {
        role: 'assistant',
        content: `Reading the file next (step ${index}).`,
        toolCalls: [{ id: `c${index}`, name: 'Read', arguments: '{"path":"src/index.ts"}' }],
      }
    : {
        role: index % 2 ? 'assistant' : 'user',
        content: `Message ${index}: ${'the quick brown fox jumps over the lazy dog '.repeat(8)}`,
      };

/** A new, empty database on the server; its URL. */
async function freshDatabase(url, name) {
  const admin = new pg.Client(url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `${url.replace(/\/postgres$/, '')}/${name}`;
}

async function median(run, times) {
  await run();
  const taken = [];
  for (let index = 0; index < times; index++) {
    const started = process.hrtime.bigint();
    await run();
    taken.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return taken.sort((a, b) => a - b)[Math.floor(times / 2)];
}

async function measure(store) {
  const { id } = await store.create({ title: 'bench', agent: 'general' });
  const started = process.hrtime.bigint();
  for (let index = 0; index < count; index++) await store.append(id, message(index));
  const appendMs = Number(process.hrtime.bigint() - started) / 1e6;
  const manager = new SessionManager({
    store,
    runner: { run: async () => ({ status: 'completed', messages: [] }) },
    registryFor: () => new ToolRegistry(),
  });
  const registry = new ToolRegistry({ spillDirectory: false }).registerAll(
    createSessionTools(manager, store),
  );
  const historyMs = await median(async () => {
    const result = await registry.execute('b', 'SessionsHistory', { sessionId: id, limit: 20 });
    if (result.isError) throw new Error(result.content);
  }, 50);
  const transcriptMs = await median(async () => {
    if ((await store.messages(id)).length !== count) throw new Error('lost messages');
  }, 20);
  return { appendMs, historyMs, transcriptMs };
}

const jsonl = await measure(new JsonlSessionStore(mkdtempSync(join(tmpdir(), 'tinyelf-bench-'))));
const postgresStore = new PostgresSessionStore({ url: server.url });
await postgresStore.list(); // connect and migrate outside the timings
const postgres = await measure(postgresStore);

// Four writers appending 250 messages each to one session at once (the PostgreSQL case only).
const { id: shared } = await postgresStore.create({ title: 'shared', agent: 'general' });
const writers = Array.from({ length: 4 }, () => new PostgresSessionStore({ url: server.url }));
const concurrentStarted = process.hrtime.bigint();
await Promise.all(
  writers.map(async (writer) => {
    for (let index = 0; index < count / 4; index++) await writer.append(shared, message(index));
  }),
);
const concurrentMs = Number(process.hrtime.bigint() - concurrentStarted) / 1e6;
await Promise.all(writers.map((store) => store.close()));

// SessionsList over many sessions: one page in SQL (keyset on the updated_at index) against
// loading the whole list and slicing it. The sessions are inserted in one statement.
const listUrl = await freshDatabase(server.url, 'list_bench');
const listStore = new PostgresSessionStore({ url: listUrl });
await listStore.list(); // migrate
const client = new pg.Client(listUrl);
await client.connect();
await client.query(
  `INSERT INTO tinyelf_sessions (id, title, agent, message_count, updated_at)
   SELECT 's_bench_' || n, 'Session ' || n, 'general', n % 50, now() - n * interval '1 second'
   FROM generate_series(1, $1) AS n`,
  [sessionCount],
);
await client.query('ANALYZE tinyelf_sessions');
await client.end();
const listRegistry = new ToolRegistry({ spillDirectory: false }).registerAll(
  createSessionTools(
    new SessionManager({ store: listStore, runner: {}, registryFor: () => new ToolRegistry() }),
    listStore,
  ),
);
const firstPage = await listRegistry.execute('b', 'SessionsList', { limit: 50 });
const cursor = /cursor "([\w-]+)"/.exec(firstPage.content)?.[1];
if (!cursor) throw new Error(`no cursor in ${firstPage.content.slice(-200)}`);
const deep = await listStore.listPage({ limit: 50, offset: Math.max(0, sessionCount - 100) });
const listFirstMs = await median(async () => {
  const result = await listRegistry.execute('b', 'SessionsList', { limit: 50 });
  if (result.isError || !result.content.includes('cursor')) throw new Error(result.content);
}, 50);
const listNextMs = await median(async () => {
  const result = await listRegistry.execute('b', 'SessionsList', { limit: 50, cursor });
  if (result.isError) throw new Error(result.content);
}, 50);
const listDeepMs = await median(async () => {
  await listStore.listPage({ limit: 50, cursor: deep.next });
}, 50);
const listAllMs = await median(async () => {
  if ((await listStore.list()).slice(0, 50).length !== 50) throw new Error('short list');
}, 10);
await Promise.all([listStore, postgresStore].map((store) => store.close()));
server.stop();

// The same appends on a server with fsync off: what the round trips cost without the disk flush.
const unsynced = await startPostgres({ fsync: false });
const unsyncedStore = new PostgresSessionStore({ url: unsynced.url });
const { id: quick } = await unsyncedStore.create({ title: 'unsynced', agent: 'general' });
const unsyncedStarted = process.hrtime.bigint();
for (let index = 0; index < count; index++) await unsyncedStore.append(quick, message(index));
const unsyncedMs = Number(process.hrtime.bigint() - unsyncedStarted) / 1e6;
await unsyncedStore.close();
unsynced.stop();

const rows = [
  [`append ${count} messages, one after another`, postgres.appendMs, jsonl.appendMs],
  [`SessionsHistory (last 20) of a ${count}-message session`, postgres.historyMs, jsonl.historyMs],
  [`whole transcript of a ${count}-message session`, postgres.transcriptMs, jsonl.transcriptMs],
];
console.log('measurement | PostgreSQL | JSONL');
for (const [measurement, value, anchor] of rows) {
  console.log(`${measurement} | ${value.toFixed(2)} ms | ${anchor.toFixed(2)} ms`);
  record({
    measurement: `PostgreSQL store: ${measurement}`,
    value,
    unit: 'ms',
    anchor: { label: 'JSONL store', value: anchor },
    note: 'loopback server, fsync on; JSONL appends without fsync',
  });
}
console.log(`append ${count} messages, server fsync off: ${unsyncedMs.toFixed(0)} ms`);
record({
  measurement: `PostgreSQL store: append ${count} messages, one after another, server fsync off`,
  value: unsyncedMs,
  unit: 'ms',
  anchor: { label: 'JSONL store', value: jsonl.appendMs },
  note: 'the round trip and the statement without the commit’s disk flush',
});
console.log(
  `4 stores appending ${count / 4} each to one session at once: ${concurrentMs.toFixed(0)} ms`,
);
record({
  measurement: `PostgreSQL store: 4 writers appending ${count / 4} messages each to one session at once`,
  value: concurrentMs,
  unit: 'ms',
  anchor: { label: `one writer appending ${count}`, value: postgres.appendMs },
  note: 'every message kept, in each writer’s order (the row lock numbers them)',
});

const listRows = [
  [`SessionsList page of 50 (the newest) out of ${sessionCount} sessions`, listFirstMs],
  [`SessionsList next page of 50 by cursor out of ${sessionCount} sessions`, listNextMs],
  [`listPage of 50 by cursor near the end of ${sessionCount} sessions`, listDeepMs],
];
for (const [measurement, value] of listRows) {
  console.log(
    `${measurement}: ${value.toFixed(2)} ms (whole list, then a slice: ${listAllMs.toFixed(2)} ms)`,
  );
  record({
    measurement: `PostgreSQL store: ${measurement}`,
    value,
    unit: 'ms',
    anchor: { label: `load all ${sessionCount} sessions and slice 50`, value: listAllMs },
    note: 'keyset scan of the (updated_at DESC, id) index plus count(*) of the sessions',
  });
}
