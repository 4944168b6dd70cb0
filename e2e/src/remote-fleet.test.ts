// A load-balanced fleet: three `tinyelf mcp serve --http` workers on loopback serving one shared
// folder, behind a real HAProxy (sticky by workspace header, health-checked with an MCP ping), and
// 20 agents whose registries hold the remote tools (@tinyelf/tool-remote) through it. 300 mixed
// calls (the bench compares them with a local registry); then one worker killed mid-load: every call
// succeeds or fails with a clear connection error within a second, no Write is half-applied, and
// the dead worker's workspaces move to live workers once the health check removes it.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuiltRegistry, buildToolRegistry } from '@tinyelf/builder';
import type { ToolCallResult, ToolRegistry } from '@tinyelf/core';
import { startTinyelfHttp } from '@tinyelf/test-support/tinyelf-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Haproxy, haproxyMissing, startHaproxy } from './support/haproxy';
import { makeWorkspace, tinyelfBin } from './support/workspace';

const AGENTS = 20;
const CALLS_PER_AGENT = 15; // 300 calls
const token = 'fleet-token-for-the-e2e';
const skip = haproxyMissing();
/** The operator approves every call that asks: this test is about the fleet, not permissions. */
const approve = { confirm: () => true };
if (skip) console.warn(`The remote fleet test is skipped: ${skip}.`);

interface Timed {
  readonly agent: number;
  readonly tool: string;
  readonly started: number;
  readonly ended: number;
  readonly result: ToolCallResult;
  readonly path?: string;
  readonly content?: string;
}

let root: string;
let workers: { name: string; port: number; process: import('node:child_process').ChildProcess }[];
let balancer: Haproxy;
let agents: BuiltRegistry[];

async function timed(
  registry: ToolRegistry,
  agent: number,
  tool: string,
  args: Record<string, unknown>,
): Promise<Timed> {
  const started = performance.now();
  const result = await registry.execute(`${agent}-${tool}`, tool, args, approve);
  return { agent, tool, started, ended: performance.now(), result, ...(args as object) };
}

/** One agent's 15 mixed calls, one after another, each checked: Write, Read, Bash, Grep, Glob. */
async function mixedCalls(registry: ToolRegistry, agent: number, tag: string): Promise<Timed[]> {
  const done: Timed[] = [];
  const folder = `ws-${agent}`;
  for (let call = 0; call < CALLS_PER_AGENT; call += 5) {
    const file = `${folder}/${tag}-${call}.txt`;
    const text = `agent ${agent} ${tag} call ${call}\n`;
    const write = await timed(registry, agent, 'Write', { path: file, content: text });
    const read = await timed(registry, agent, 'Read', { path: file });
    expect(read.result.content).toBe(`     1\t${text.trimEnd()}`);
    const bash = await timed(registry, agent, 'Bash', { command: 'true' });
    const grep = await timed(registry, agent, 'Grep', {
      pattern: `${tag} call ${call}$`,
      path: folder,
    });
    expect(grep.result.content).toContain(`${tag}-${call}.txt`);
    const glob = await timed(registry, agent, 'Glob', { pattern: `${tag}-*.txt`, path: folder });
    expect(glob.result.content).toContain(`${tag}-${call}.txt`);
    done.push(write, read, bash, grep, glob);
  }
  for (const call of done)
    expect(call.result, call.result.content).toMatchObject({ isError: false });
  return done;
}

/** Throughput and latency of a run. */
function figures(calls: Timed[], wallMs: number) {
  const times = calls.map((call) => call.ended - call.started).sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
  return {
    callsPerSecond: Math.round((calls.length / wallMs) * 1000),
    p50: Number(at(0.5).toFixed(1)),
    p99: Number(at(0.99).toFixed(1)),
  };
}

async function run(registryOf: (agent: number) => ToolRegistry, tag: string) {
  const started = performance.now();
  const calls = (
    await Promise.all(
      Array.from({ length: AGENTS }, (_, agent) => mixedCalls(registryOf(agent), agent, tag)),
    )
  ).flat();
  return { calls, ...figures(calls, performance.now() - started) };
}

/** The worker each agent's calls land on (sticky routing), asked of the worker itself. */
async function workerOf(agent: number): Promise<string> {
  const answer = await agents[agent]!.registry.execute(
    'who',
    'Bash',
    { command: 'echo "worker=$TINYELF_WORKER_NAME"' },
    approve,
  );
  return /worker=(\w+)/.exec(answer.content)?.[1] ?? answer.content;
}

describe.skipIf(skip)('a load-balanced fleet of tinyelf workers behind HAProxy', () => {
  beforeAll(async () => {
    root = makeWorkspace({}, 'tinyelf-e2e-fleet-');
    for (let agent = 0; agent < AGENTS; agent++) mkdirSync(join(root, `ws-${agent}`));
    workers = await Promise.all(
      ['w1', 'w2', 'w3'].map(async (name) => {
        const worker = await startTinyelfHttp(tinyelfBin, root, token, [], {
          TINYELF_WORKER_NAME: name,
        });
        return { name, port: Number(new URL(worker.url).port), process: worker.process };
      }),
    );
    balancer = await startHaproxy(workers, token);
    agents = await Promise.all(
      Array.from({ length: AGENTS }, (_, agent) =>
        buildToolRegistry({
          config: {
            workspaceRoot: root,
            plugins: ['@tinyelf/tool-remote'],
            remote: { url: balancer.url, token, workspace: `ws-${agent}` },
          },
        }),
      ),
    );
  }, 45_000);
  afterAll(async () => {
    await Promise.all((agents ?? []).map((agent) => agent.dispose()));
    await balancer?.stop();
    for (const worker of workers ?? []) worker.process.kill('SIGKILL');
  });

  it('runs 300 mixed calls from 20 agents, each workspace on one worker', async () => {
    expect(agents[0]!.registry.getNames()).toEqual(
      expect.arrayContaining(['Read', 'Write', 'Edit', 'Grep', 'Glob', 'Bash']),
    );
    const remote = await run((agent) => agents[agent]!.registry, 'remote');
    console.log(
      `300 mixed calls, 20 agents, through HAProxy: ${JSON.stringify({ ...remote, calls: undefined })} (against a local registry: packages/tool-remote/bench/remote-bench.mjs)`,
    );
    expect(remote.calls).toHaveLength(300);
    // Sticky: asked twice, every agent's worker is the same; the fleet shares the work.
    const placement = await Promise.all(agents.map((_, agent) => workerOf(agent)));
    expect(await Promise.all(agents.map((_, agent) => workerOf(agent)))).toEqual(placement);
    expect(new Set(placement).size).toBeGreaterThan(1);
  }, 50_000);

  it('survives a worker killed mid-load: clear errors within a second, no half Write', async () => {
    const placement = await Promise.all(agents.map((_, agent) => workerOf(agent)));
    expect(
      placement.every((name) => /^w[123]$/.test(name)),
      placement.join(', '),
    ).toBe(true);
    const counts = new Map<string, number>();
    for (const name of placement) counts.set(name, (counts.get(name) ?? 0) + 1);
    const victim = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const moved = placement.flatMap((name, agent) => (name === victim ? [agent] : []));
    const big = (agent: number, call: number) => `${agent}:${call}|`.repeat(20_000);

    let killedAt = Number.POSITIVE_INFINITY;
    const killer = setTimeout(() => {
      killedAt = performance.now();
      workers.find((worker) => worker.name === victim)!.process.kill('SIGKILL');
    }, 300);
    const calls = (
      await Promise.all(
        agents.map(async ({ registry }, agent) => {
          const done: Timed[] = [];
          for (let call = 0; call < 9; call++) {
            const path = `ws-${agent}/kill-${call}.txt`;
            if (call % 3 === 0)
              done.push(await timed(registry, agent, 'Write', { path, content: big(agent, call) }));
            else if (call % 3 === 1)
              done.push(await timed(registry, agent, 'Bash', { command: 'true' }));
            else
              done.push(await timed(registry, agent, 'Read', { path: `ws-${agent}/remote-0.txt` }));
          }
          return done;
        }),
      )
    ).flat();
    clearTimeout(killer);
    expect(killedAt).toBeLessThan(Number.POSITIVE_INFINITY);

    const failed = calls.filter((call) => call.result.isError);
    console.log(
      `Worker ${victim} (serving agents ${moved.join(', ')}) killed mid-load: ${calls.length} calls, ${failed.length} failed with a connection error.`,
    );
    for (const call of failed) {
      expect(call.result.errorCode, call.result.content).toBe('REMOTE_CONNECTION_FAILED');
      expect(call.result.content).toMatch(
        /^Error: The remote tool server at http:\/\/127\.0\.0\.1:\d+\/mcp /,
      );
      expect(call.ended - Math.max(call.started, killedAt)).toBeLessThan(1000);
    }
    for (const call of calls) expect(call.ended - call.started).toBeLessThan(5000);
    // Every Write is all or nothing: the file holds the whole text, or (failed) nothing.
    for (const call of calls.filter((entry) => entry.tool === 'Write')) {
      let text: string | undefined;
      try {
        text = readFileSync(join(root, call.path!), 'utf8');
      } catch {
        text = undefined;
      }
      if (!call.result.isError) expect(text).toBe(call.content);
      else expect([undefined, call.content]).toContain(text);
    }

    // The health check takes the dead worker out; its workspaces then land on live workers.
    const deadline = Date.now() + 5000;
    while ((await balancer.states())[victim] !== 'DOWN' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await balancer.states())[victim]).toBe('DOWN');
    for (const agent of moved) {
      const now = await workerOf(agent);
      expect(['w1', 'w2', 'w3']).toContain(now);
      expect(now).not.toBe(victim);
      const read = await agents[agent]!.registry.execute('after', 'Read', {
        path: `ws-${agent}/remote-0.txt`,
      });
      expect(read.content).toBe(`     1\tagent ${agent} remote call 0`);
    }
  }, 50_000);
});
