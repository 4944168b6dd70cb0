// Building the full default registry (no MCP servers) in-process after imports, and `tinyelf
// tools` as a cold process against `node -e ""`, in the same run. Run after `pnpm build`:
// node bench/cli-bench.mjs
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildToolRegistry, DEFAULT_PLUGIN_PACKAGES } from '@tinyelf/builder';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { coldStartMs } from '@tinyelf/test-support/bench/cold-start.mjs';

const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-bench-builder-')));
const runner = {
  run: async () => ({ status: 'completed', output: '', iterations: 0, messages: [] }),
};
const build = () =>
  buildToolRegistry({
    config: { workspaceRoot },
    services: { agentRunner: runner },
    // the tinyelf command's defaults: the builder's and the shell
    defaultPlugins: [...DEFAULT_PLUGIN_PACKAGES, '@tinyelf/tool-shell'],
  });
const first = await build(); // loads every package once
const toolCount = first.registry.size;
await first.dispose();
const times = [];
for (let index = 0; index < 30; index++) {
  const started = performance.now();
  const built = await build();
  times.push(performance.now() - started);
  await built.dispose();
}
times.sort((a, b) => a - b);

const cli = new URL('../dist/bin.js', import.meta.url).pathname;
const cold = (args) => coldStartMs(args, { runs: 11, cwd: workspaceRoot });
const bare = cold(['-e', '']);
const tools = cold([cli, 'tools']);
record({
  measurement: `build the default registry (${toolCount} tools, no MCP servers), after imports`,
  value: times[15],
  unit: 'ms',
  goal: { text: '< 50 ms', met: times[15] < 50 },
});
record({
  measurement: 'tinyelf tools, cold process',
  value: tools,
  unit: 'ms',
  anchor: { label: 'bare node -e ""', value: bare },
  goal: { text: '< 300 ms more than bare Node', met: tools - bare < 300 },
  note: `+${(tools - bare).toFixed(0)} ms over bare Node`,
});
console.log(`Node ${process.version}, ${new Date().toISOString()}`);
console.log('| measurement | median | goal |');
console.log('|---|---|---|');
console.log(
  `| build the default registry (${toolCount} tools, no MCP servers), after imports | ${times[15].toFixed(1)} ms | ${times[15] < 50 ? 'met' : 'MISSED'} (< 50 ms) |`,
);
console.log(`| node -e "" | ${bare.toFixed(0)} ms | |`);
console.log(
  `| tinyelf tools, cold process | ${tools.toFixed(0)} ms (+${(tools - bare).toFixed(0)} ms) | ${tools - bare < 300 ? 'met' : 'MISSED'} (< 300 ms more than bare Node) |`,
);
