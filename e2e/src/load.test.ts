// 200 concurrent `execute` calls on one registry, mixing Read, Grep, Glob, Edit (distinct files),
// Bash (some leaving a background child behind) and a tool of the real "everything" MCP server:
// every result is right, memory stays bounded over repeated rounds, and no process is left.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuiltRegistry, buildToolRegistry } from '@tinyelf/builder';
import type { ToolCallResult } from '@tinyelf/core';
import { descendantProcesses, eventually } from '@tinyelf/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingStdio, makeWorkspace } from './support/workspace';

const PER_KIND = 34; // 6 kinds: 204 calls a round
let built: BuiltRegistry;
let root: string;
/** The operator approves every call that asks: this test is about load, not permissions. */
const approve = { confirm: () => true };

beforeAll(async () => {
  root = makeWorkspace({}, 'tinyelf-e2e-load-');
  for (let i = 0; i < PER_KIND; i++) {
    mkdirSync(join(root, `dir-${i}`));
    writeFileSync(join(root, `dir-${i}`, `notes-${i}.md`), `# Notes ${i}\n`);
    writeFileSync(join(root, `read-${i}.txt`), `content of file ${i}\n`);
    writeFileSync(join(root, `grep-${i}.txt`), `hay\nneedle-${i}-x\nhay\n`);
  }
  built = await buildToolRegistry({
    config: {
      workspaceRoot: root,
      plugins: ['@tinyelf/tool-fs', '@tinyelf/tool-shell', '@tinyelf/tool-mcp'],
      mcp: { servers: [everythingStdio] },
    },
  });
});
afterAll(() => built?.dispose());

interface PlannedCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** Checks the result (and the disk); throws with what was wrong. */
  readonly check: (result: ToolCallResult) => void;
}

/** One round of calls; `round` makes each round's edits distinct. */
function plan(round: number): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (let i = 0; i < PER_KIND; i++) {
    const editFile = `edit-${round}-${i}.txt`;
    writeFileSync(join(root, editFile), `keep\nold-${i}\nkeep\n`);
    calls.push(
      {
        tool: 'Read',
        args: { path: `read-${i}.txt` },
        check: (result) => expect(result.content).toBe(`     1\tcontent of file ${i}`),
      },
      {
        tool: 'Grep',
        args: { pattern: `needle-${i}-`, glob: 'grep-*.txt' },
        check: (result) => expect(result.content).toContain(`grep-${i}.txt:2:needle-${i}-x`),
      },
      {
        tool: 'Glob',
        args: { pattern: `dir-${i}/*.md` },
        check: (result) => expect(result.content).toContain(`dir-${i}/notes-${i}.md`),
      },
      {
        tool: 'Edit',
        args: { path: editFile, old_string: `old-${i}`, new_string: `new-${i}` },
        check: (result) => {
          expect(result.isError).toBe(false);
          expect(readFileSync(join(root, editFile), 'utf8')).toBe(`keep\nnew-${i}\nkeep\n`);
        },
      },
      {
        tool: 'Bash',
        // Every third call leaves a background sleeper behind; the tool must end it.
        args: {
          command: i % 3 === 0 ? `sleep 60 & echo bash-$((${i} * 2))` : `echo bash-$((${i} * 2))`,
        },
        check: (result) => expect(result.content).toContain(`bash-${i * 2}`),
      },
      {
        tool: 'mcp__everything__echo',
        args: { message: `m-${round}-${i}` },
        check: (result) => expect(result.content).toBe(`Echo: m-${round}-${i}`),
      },
    );
  }
  return calls;
}

async function runRound(round: number) {
  const calls = plan(round);
  const results = await Promise.all(
    calls.map((call, index) =>
      built.registry.execute(`r${round}-${index}`, call.tool, call.args, approve),
    ),
  );
  results.forEach((result, index) => {
    const call = calls[index]!;
    expect(result.toolName).toBe(call.tool);
    expect(result.toolCallId).toBe(`r${round}-${index}`);
    expect(result.isError, `${call.tool} ${JSON.stringify(call.args)}: ${result.content}`).toBe(
      false,
    );
    call.check(result);
  });
  return results.length;
}

describe('200 concurrent calls on one registry', () => {
  it('gives every call its right result, and leaves only the MCP server running', async () => {
    expect(await runRound(0)).toBe(PER_KIND * 6);
    // Only the everything server (and what it runs) remains: every shell and its sleepers are gone.
    const onlyServer = () =>
      descendantProcesses().every((child) => child.command.includes('server-everything'));
    expect(await eventually(onlyServer), JSON.stringify(descendantProcesses())).toBe(true);
  });

  it('keeps memory bounded over more rounds', async () => {
    await runRound(1);
    const after1 = process.memoryUsage().rss;
    for (let round = 2; round < 6; round++) await runRound(round);
    const after5 = process.memoryUsage().rss;
    // Four more rounds of 204 calls may not keep growing the process (no leak per call).
    const growthMb = (after5 - after1) / 2 ** 20;
    console.info(
      `load: RSS ${(after1 / 2 ** 20).toFixed(0)} MB after round 1, +${growthMb.toFixed(1)} MB over four more`,
    );
    expect(growthMb).toBeLessThan(64);
  });

  it('after dispose nothing is left running', async () => {
    await built.dispose();
    expect(await eventually(() => descendantProcesses().length === 0)).toBe(true);
  });
});
