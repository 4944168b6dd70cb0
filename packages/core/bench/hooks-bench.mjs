// Measures what issue 17 asks about, in one run: the permission decision of a non-Bash call with 50
// rules configured against `requiresConfirmation` (the seed's check), and the cost per call of an
// in-process hook and of a command hook against a registry without hooks and a bare spawn.
// Run after `pnpm build`: node bench/hooks-bench.mjs

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createCommandHooks,
  decideCall,
  defineTool,
  ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';
import { batchSamples } from '@tinyelf/test-support/bench/batch-samples.mjs';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { Type } from 'typebox';

const workspaceRoot = mkdtempSync(join(tmpdir(), 'tinyelf-hooks-bench-'));
mkdirSync(join(workspaceRoot, 'src', 'app'), { recursive: true });
writeFileSync(join(workspaceRoot, 'src', 'app', 'util.ts'), 'export {};\n');

async function measure(run, options) {
  const samples = await batchSamples(run, options);
  return samples[Math.floor(samples.length / 2)] / 1000; // median, µs
}

/** The median wall time (µs), and the process's CPU time per call (µs: not inflated by waiting for a core). */
async function measureWithCpu(run, options) {
  const before = process.cpuUsage();
  const wall = await measure(run, options);
  const used = process.cpuUsage(before);
  return { wall, cpu: (used.user + used.system) / ((options.batches + 1) * options.perBatch) };
}

// 50 rules of every kind a configuration writes: tool names, MCP prefixes, path globs, domains.
const rules = { allow: [], ask: [], deny: [] };
for (let index = 0; index < 10; index++) {
  rules.allow.push(`Read(./src/module${index}/**)`, `mcp__server${index}__*`);
  rules.ask.push(`Edit(./config/part${index}/**)`, `WebFetch(domain:site${index}.example.com)`);
  rules.deny.push(`Write(./secrets${index}/**)`);
}
const ruleCount = rules.allow.length + rules.ask.length + rules.deny.length;
const policy = new ToolPolicy({ permissions: rules });
const write = defineTool({
  name: 'Write',
  description: 'Writes a file',
  parameters: Type.Object({ path: Type.String(), content: Type.String() }),
  execute: async () => 'written',
});
// A new file in an existing folder (the path is resolved on disk: the folder's real location,
// and a check that the new name is no dangling link) and an existing file (one realpath).
const params = { path: 'src/app/main.ts', content: 'export {};\n' };
const input = { tool: write, params, policy, mode: 'default', workspaceRoot };
const existing = { ...input, params: { ...params, path: 'src/app/util.ts' } };
const decided = await decideCall(input);

const calls = { batches: 21, perBatch: 5_000 };
const seedNs = await measure(() => policy.requiresConfirmation(write, 'default', []), calls);
const { wall: decisionNs, cpu: decisionCpu } = await measureWithCpu(() => decideCall(input), calls);
const { wall: existingNs, cpu: existingCpu } = await measureWithCpu(
  () => decideCall(existing),
  calls,
);

// Hooks per call: the same registry call with no hook, one in-process hook, one command hook.
const echo = defineTool({
  name: 'echo',
  description: 'Returns ok',
  parameters: Type.Object({ text: Type.String() }),
  execute: async () => 'ok',
});
const bare = new ToolRegistry({ spillDirectory: false }).register(echo);
const inProcess = new ToolRegistry({
  spillDirectory: false,
  hooks: [
    {
      name: 'check',
      beforeToolCall: ({ params }) =>
        params.text === 'forbidden' ? { decision: 'deny', reason: 'no' } : undefined,
    },
  ],
}).register(echo);
const command = new ToolRegistry({
  spillDirectory: false,
  hooks: createCommandHooks({ beforeToolCall: [{ command: 'true' }] }, { cwd: workspaceRoot }),
}).register(echo);
const call = { text: 'hello' };
const bareNs = await measure(() => bare.execute('c', 'echo', call), calls);
const hookNs = await measure(() => inProcess.execute('c', 'echo', call), calls);
const spawnOnce = () =>
  new Promise((resolve, reject) => {
    const child = spawn('true', { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
    child.on('error', reject);
    child.stdin.on('error', () => {});
    child.on('close', resolve);
    child.stdin.end('{}');
  });
const processes = { batches: 11, perBatch: 20 };
const spawnNs = await measure(spawnOnce, processes);
const commandNs = await measure(() => command.execute('c', 'echo', call), processes);

const goal = decisionNs < 5 && existingNs < 5;
console.log(`Node ${process.version}, ${new Date().toISOString()}`);
console.log('| measurement | median |');
console.log('|---|---|');
console.log(`| requiresConfirmation (seed check) | ${seedNs.toFixed(3)} µs |`);
console.log(
  `| decideCall, non-Bash call, ${ruleCount} rules, new file (${decided.decision}) | ${decisionNs.toFixed(3)} µs (CPU ${decisionCpu.toFixed(2)} µs) |`,
);
console.log(
  `| decideCall, non-Bash call, ${ruleCount} rules, existing file | ${existingNs.toFixed(3)} µs (CPU ${existingCpu.toFixed(2)} µs) |`,
);
console.log(`| registry.execute, no hooks | ${bareNs.toFixed(3)} µs |`);
console.log(`| registry.execute, one in-process before-hook | ${hookNs.toFixed(3)} µs |`);
console.log(`| spawn sh -c true (bare) | ${(spawnNs / 1000).toFixed(2)} ms |`);
console.log(
  `| registry.execute, one command hook (sh -c true) | ${(commandNs / 1000).toFixed(2)} ms |`,
);
console.log(`${goal ? 'met' : 'MISSED'}: decision with ${ruleCount} rules < 5 µs`);

record({
  measurement: `permission decision (decideCall), non-Bash call, ${ruleCount} rules`,
  value: decisionNs,
  unit: 'µs',
  anchor: { label: 'requiresConfirmation', value: seedNs },
  goal: { text: '< 5 µs per call', met: goal },
  note: `Write of a new file, src/app/main.ts: ${decided.decision} (CPU ${decisionCpu.toFixed(2)} µs per call); of an existing file, src/app/util.ts: ${existingNs.toFixed(2)} µs (CPU ${existingCpu.toFixed(2)} µs)`,
});
record({
  measurement: 'registry.execute with one in-process before-hook',
  value: hookNs,
  unit: 'µs',
  anchor: { label: 'registry.execute, no hooks', value: bareNs },
  note: `${(hookNs - bareNs).toFixed(2)} µs per call for the hook`,
});
record({
  measurement: 'registry.execute with one command hook (sh -c true)',
  value: commandNs / 1000,
  unit: 'ms',
  anchor: { label: 'spawn sh -c true', value: spawnNs / 1000 },
  note: `${((commandNs - bareNs) / 1000).toFixed(2)} ms per call for the hook`,
});
