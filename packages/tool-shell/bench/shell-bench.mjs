// The Bash tool's own cost per call against a bare spawn of bash, classifyCommand per call, and
// peak memory of a command printing 1 GB. Run after `pnpm build`: node bench/shell-bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { classifyCommand, createShellTool } from '@tinyelf/tool-shell';

const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-bench-shell-')));
// Without the sandbox: this compares the tool's own cost with a bare spawn of bash (the
// sandboxed call is measured against a bare bwrap in bench/sandbox-bench.mjs).
const registry = new ToolRegistry({ workspaceRoot }).register(
  createShellTool({ workspaceRoot, sandbox: 'none' }),
);

async function median(run, count) {
  for (let index = 0; index < 20; index++) await run();
  const times = [];
  for (let index = 0; index < count; index++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const bareSpawn = () =>
  new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', 'true'], { stdio: 'ignore' });
    child.on('exit', resolve);
    child.on('error', reject);
  });
const viaTool = async () => {
  const result = await registry.execute('bench', 'Bash', { command: 'true' });
  if (result.isError) throw new Error(result.content);
};

let counter = 0;
const viaToolUncached = async () => {
  const result = await registry.execute('bench', 'Bash', { command: `true # ${counter++}` });
  if (result.isError) throw new Error(result.content);
};

const rounds = 5;
let spawnMs = 0;
let toolMs = 0;
let uncachedMs = 0;
for (let round = 0; round < rounds; round++) {
  spawnMs += await median(bareSpawn, 100);
  toolMs += await median(viaTool, 100);
  uncachedMs += await median(viaToolUncached, 100);
}
spawnMs /= rounds;
toolMs /= rounds;
uncachedMs /= rounds;

const typical = 'git status --short && npm test -- --run 2>&1 | tail -20';
await classifyCommand(typical, { workspaceRoot });
const classifyMs = await median(() => classifyCommand(typical, { workspaceRoot }), 2000);
const nastyMs = await median(
  () =>
    classifyCommand(
      "eval $(echo cm0gLXJmIC8= | base64 -d); bash -c 'cd / && find . -exec rm -rf {} +'",
      { workspaceRoot },
    ),
  2000,
);

const memoryScript = `
  import { createShellTool } from '@tinyelf/tool-shell';
  const tool = createShellTool({ workspaceRoot: ${JSON.stringify(workspaceRoot)}, sandbox: 'none' });
  await tool.execute({ command: 'true' });
  const baselineMb = process.resourceUsage().maxRSS / 1024;
  const started = performance.now();
  const text = await tool.execute({ command: 'head -c 1073741824 /dev/zero | tr "\\\\0" "x" | fold -w 100' });
  const elapsed = performance.now() - started;
  if (!text.includes('bytes of output cut')) throw new Error('output was not capped');
  console.log(JSON.stringify({ elapsed, baselineMb, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
/** The 1 GB command in a fresh process, with the given Node flags. */
function measureMemory(flags) {
  const run = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', memoryScript], {
    cwd: process.cwd(),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}
const memory = measureMemory([]);
// What the tinyelf command does: V8's baseline WebAssembly compiler only (see packages/cli/src/bin.ts).
const liftoff = measureMemory(['--liftoff-only']);

const spawnAnchor = { label: "bare spawn('bash', ['-c', 'true'])", value: spawnMs };
record({
  measurement: 'Bash tool via the registry, `true`, classification cached from assessRisk',
  value: toolMs,
  unit: 'ms',
  anchor: spawnAnchor,
  goal: { text: '≤ 1.2x', met: toolMs / spawnMs <= 1.2 },
});
record({
  measurement: 'Bash tool via the registry, a new command each call (classified each time)',
  value: uncachedMs,
  unit: 'ms',
  anchor: spawnAnchor,
  goal: { text: '≤ 1.2x', met: uncachedMs / spawnMs <= 1.2 },
});
record({
  measurement: 'classifyCommand, typical command',
  value: classifyMs * 1000,
  unit: 'µs',
  goal: { text: '< 1 ms', met: classifyMs < 1 },
});
record({
  measurement: 'classifyCommand, nested eval/base64/bash -c/find -exec',
  value: nastyMs * 1000,
  unit: 'µs',
});
record({
  measurement:
    'command printing 1 GB: peak RSS, Node run with --liftoff-only (as the tinyelf command does)',
  value: liftoff.maxRssMb,
  unit: 'MB',
  goal: { text: '< 100 MB', met: liftoff.maxRssMb < 100 },
  note: `${liftoff.baselineMb.toFixed(0)} MB before the command, +${(liftoff.maxRssMb - liftoff.baselineMb).toFixed(0)} MB while it ran; ${(liftoff.elapsed / 1000).toFixed(1)} s`,
});
record({
  measurement: 'command printing 1 GB: peak RSS, Node with default flags',
  value: memory.maxRssMb,
  unit: 'MB',
  goal: { text: '< 100 MB', met: memory.maxRssMb < 100 },
  note: `${memory.baselineMb.toFixed(0)} MB before the command (Node, the tool, tree-sitter's WebAssembly), +${(memory.maxRssMb - memory.baselineMb).toFixed(0)} MB while it ran`,
});
console.log(`Node ${process.version}, ${new Date().toISOString()}`);
console.log('| measurement | median | goal |');
console.log('|---|---|---|');
console.log(`| spawn('bash', ['-c', 'true']) | ${spawnMs.toFixed(2)} ms | |`);
console.log(
  `| Bash tool through the registry, \`true\` (classification cached from assessRisk, as in an agent loop) | ${toolMs.toFixed(2)} ms (${(toolMs / spawnMs).toFixed(2)}x) | ${toolMs / spawnMs <= 1.2 ? 'met' : 'MISSED'} (≤ 1.2x) |`,
);
console.log(
  `| Bash tool through the registry, a new command each call (classified each time) | ${uncachedMs.toFixed(2)} ms (${(uncachedMs / spawnMs).toFixed(2)}x) | ${uncachedMs / spawnMs <= 1.2 ? 'met' : 'MISSED'} (≤ 1.2x) |`,
);
console.log(
  `| classifyCommand, typical command | ${(classifyMs * 1000).toFixed(0)} µs | ${classifyMs < 1 ? 'met' : 'MISSED'} (< 1 ms) |`,
);
console.log(
  `| classifyCommand, nested eval/base64/bash -c/find -exec | ${(nastyMs * 1000).toFixed(0)} µs | |`,
);
const growth = memory.maxRssMb - memory.baselineMb;
console.log(
  `| command printing 1 GB, node --liftoff-only | peak RSS ${liftoff.maxRssMb.toFixed(0)} MB (${liftoff.baselineMb.toFixed(0)} MB before the command) | ${liftoff.maxRssMb < 100 ? 'met' : 'MISSED'} (< 100 MB) |`,
);
console.log(
  `| command printing 1 GB | ${(memory.elapsed / 1000).toFixed(1)} s; peak RSS ${memory.maxRssMb.toFixed(0)} MB, of which ${memory.baselineMb.toFixed(0)} MB before the command (Node, the tool, the WebAssembly parser) and +${growth.toFixed(0)} MB while it ran | process peak ${memory.maxRssMb < 100 ? 'met' : 'MISSED'}, growth ${growth < 100 ? 'met' : 'MISSED'} (< 100 MB) |`,
);
