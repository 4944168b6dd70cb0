// The Bash tool's own cost per call against a bare spawn of bash, classifyCommand per call, and
// a command printing 1 GB with the raw spill on (time against a bare `bash -c '... > file'`, peak
// memory). Run after `pnpm build`: node bench/shell-bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { record as recordFigure } from '@tinyelf/test-support/bench/bench-record.mjs';
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

// `--memory-only`: only the 1 GB command in fresh processes (for alternated runs by hand); nothing
// is recorded for BENCHMARKS.md.
const memoryOnly = process.argv.includes('--memory-only');
let spawnMs = Number.NaN;
let toolMs = Number.NaN;
let uncachedMs = Number.NaN;
let classifyMs = Number.NaN;
let nastyMs = Number.NaN;
if (!memoryOnly) {
  spawnMs = 0;
  toolMs = 0;
  uncachedMs = 0;
  const rounds = 5;
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
  classifyMs = await median(() => classifyCommand(typical, { workspaceRoot }), 2000);
  nastyMs = await median(
    () =>
      classifyCommand(
        "eval $(echo cm0gLXJmIC8= | base64 -d); bash -c 'cd / && find . -exec rm -rf {} +'",
        { workspaceRoot },
      ),
    2000,
  );
}

// Bash printing 1 GB (100-byte lines) through a registry with the spill folder on, so the whole
// output streams to the spill file, against a bare \`bash -c '... > file'\` writing the same bytes,
// alternated five times in one fresh process: the call's time, Node's own CPU time during the call
// (reading the file back behind the command) and the process's peak RSS. The command writes its
// output straight into the file (the tool's file route; checked first: its stdout is a file).
const PRINT_1GB = `yes "$(printf 'x%.0s' {1..99})" | head -c 1000000000`;
const memoryScript = `
  import { spawnSync } from 'node:child_process';
  import { mkdtempSync, rmSync, statSync } from 'node:fs';
  import { join } from 'node:path';
  import { ToolRegistry } from '@tinyelf/core';
  import { configureBashParser, createShellTool } from '@tinyelf/tool-shell';
  if (process.env.TINYELF_BENCH_PARSER_OPT_OUT === '1') configureBashParser({ baselineCompilerOnly: false });
  const workspaceRoot = ${JSON.stringify(workspaceRoot)};
  const spillDirectory = mkdtempSync(join(workspaceRoot, 'spill-'));
  const registry = new ToolRegistry({ workspaceRoot, spillDirectory }).register(
    createShellTool({ workspaceRoot, sandbox: 'none' }),
  );
  const startMb = process.resourceUsage().maxRSS / 1024;
  await registry.execute('warm', 'Bash', { command: 'true' });
  const firstCallMb = process.resourceUsage().maxRSS / 1024;
  const route = (await registry.execute('route', 'Bash', { command: '[ -f /dev/stdout ] && echo file || echo pipe' })).content.startsWith('file') ? 'file' : 'pipe';
  const baselineMb = process.resourceUsage().maxRSS / 1024;
  const command = ${JSON.stringify(PRINT_1GB)};
  const target = join(spillDirectory, 'bare.txt');
  const bare = [];
  const tool = [];
  const cpu = [];
  for (let round = 0; round < 5; round++) {
    let started = performance.now();
    spawnSync('bash', ['-c', command + ' > ' + target], { stdio: 'ignore' });
    bare.push(performance.now() - started);
    if (statSync(target).size !== 1e9) throw new Error('the bare command wrote ' + statSync(target).size + ' bytes');
    rmSync(target);
    started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await registry.execute('bench', 'Bash', { command });
    tool.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    if (!result.truncated || !result.content.endsWith('Exit code 0.')) throw new Error(result.content.slice(-500));
    const saved = statSync(result.fullOutputPath).size;
    if (saved !== 1e9) throw new Error('the spill file holds ' + saved + ' bytes');
    rmSync(result.fullOutputPath);
  }
  const median = (times) => [...times].sort((a, b) => a - b)[2];
  console.log(JSON.stringify({ toolMs: median(tool), bareMs: median(bare), cpuMs: median(cpu), route, tool, bare, startMb, firstCallMb, baselineMb, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
/**
 * The 1 GB command in a fresh process, with the given Node flags; `parserOptOut` calls
 * `configureBashParser({ baselineCompilerOnly: false })` first (how the parser was loaded before
 * it compiled its WebAssembly with the baseline compiler only).
 */
function measureMemory(flags, parserOptOut = false) {
  const run = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', memoryScript], {
    cwd: process.cwd(),
    encoding: 'utf8',
    env: { ...process.env, TINYELF_BENCH_PARSER_OPT_OUT: parserOptOut ? '1' : '0' },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}
const memory = measureMemory([]);
// What the tinyelf command does: V8's baseline WebAssembly compiler only (see packages/cli/src/bin.ts).
const liftoff = measureMemory(['--liftoff-only']);
// Default flags with the parser's V8 flag window switched off: V8 tiers the grammar up.
const optOut = measureMemory([], true);

const record = (figure) => {
  if (!memoryOnly) recordFigure(figure);
};
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
const bareAnchor = (run) => ({
  label: "bare bash -c '... > file' writing the same 1 GB",
  value: run.bareMs,
});
record({
  measurement:
    'Bash printing 1 GB with the raw spill on (node --liftoff-only, as the tinyelf command)',
  value: liftoff.toolMs,
  unit: 'ms',
  anchor: bareAnchor(liftoff),
  goal: { text: '≤ 1.2x', met: liftoff.toolMs / liftoff.bareMs <= 1.2 },
  note: `median of 5 alternated runs; output route: ${liftoff.route} (the command writes the spill file itself); Node's CPU during the call ${liftoff.cpuMs.toFixed(0)} ms (reading the file back for the head, tail and line count)`,
});
record({
  measurement: 'Bash printing 1 GB with the raw spill on: peak RSS, node --liftoff-only',
  value: liftoff.maxRssMb,
  unit: 'MB',
  goal: { text: '< 100 MB', met: liftoff.maxRssMb < 100 },
  note: `${liftoff.baselineMb.toFixed(0)} MB before the command, +${(liftoff.maxRssMb - liftoff.baselineMb).toFixed(0)} MB while it ran`,
});
record({
  measurement: 'Bash printing 1 GB with the raw spill on, Node with default flags',
  value: memory.toolMs,
  unit: 'ms',
  anchor: bareAnchor(memory),
  goal: { text: '≤ 1.2x', met: memory.toolMs / memory.bareMs <= 1.2 },
  note: `median of 5 alternated runs; output route: ${memory.route}; Node's CPU during the call ${memory.cpuMs.toFixed(0)} ms`,
});
record({
  measurement: 'Bash printing 1 GB with the raw spill on: peak RSS, Node with default flags',
  value: memory.maxRssMb,
  unit: 'MB',
  goal: { text: '< 100 MB', met: memory.maxRssMb < 100 },
  note: `${memory.startMb.toFixed(0)} MB with the tool loaded, ${memory.firstCallMb.toFixed(0)} MB after the first call (the parser loaded, its WebAssembly compiled with V8's baseline compiler only, see configureBashParser), ${memory.baselineMb.toFixed(0)} MB before the command, +${(memory.maxRssMb - memory.baselineMb).toFixed(0)} MB while it ran`,
});
record({
  measurement:
    'Bash printing 1 GB with the raw spill on: peak RSS, Node with default flags and configureBashParser({ baselineCompilerOnly: false })',
  value: optOut.maxRssMb,
  unit: 'MB',
  note: `the parser's V8 flag window switched off, as before it existed: V8's optimising compiler recompiles the grammar's lexer; ${optOut.baselineMb.toFixed(0)} MB before the command, +${(optOut.maxRssMb - optOut.baselineMb).toFixed(0)} MB while it ran; ${(optOut.toolMs / 1000).toFixed(2)} s against ${(optOut.bareMs / 1000).toFixed(2)} s bare (${(optOut.toolMs / optOut.bareMs).toFixed(2)}x)`,
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
for (const [label, run] of [
  ['node --liftoff-only', liftoff],
  ['Node default flags', memory],
  ['Node default flags, configureBashParser opt-out', optOut],
]) {
  const ratio = run.toolMs / run.bareMs;
  console.log(
    `| Bash printing 1 GB, raw spill on (${run.route} route), ${label} (median of 5) | ${(run.toolMs / 1000).toFixed(2)} s against bare \`bash -c '... > file'\` ${(run.bareMs / 1000).toFixed(2)} s (${ratio.toFixed(2)}x), Node CPU ${(run.cpuMs / 1000).toFixed(2)} s; peak RSS ${run.maxRssMb.toFixed(0)} MB (${run.baselineMb.toFixed(0)} MB before the command) | time ${ratio <= 1.2 ? 'met' : 'MISSED'} (≤ 1.2x), memory ${run.maxRssMb < 100 ? 'met' : 'MISSED'} (< 100 MB) |`,
  );
}
console.log(
  `| (runs, ms) | tool ${memory.tool.map((ms) => ms.toFixed(0)).join(', ')}; bare ${memory.bare.map((ms) => ms.toFixed(0)).join(', ')}; liftoff tool ${liftoff.tool.map((ms) => ms.toFixed(0)).join(', ')}; bare ${liftoff.bare.map((ms) => ms.toFixed(0)).join(', ')}; growth ${growth.toFixed(0)} MB | |`,
);
