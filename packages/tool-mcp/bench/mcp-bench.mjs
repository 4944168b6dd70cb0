// Per-call cost through ToolRegistry.execute against a direct SDK Client.callTool on the same
// server (in-memory and stdio), the time to load five stdio servers against one, and what the
// package costs a registry with no MCP servers. Run after `pnpm build`: node bench/mcp-bench.mjs
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createContainer, ToolRegistry } from '@tinyelf/core';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { coldScriptMs } from '@tinyelf/test-support/bench/cold-start.mjs';
import { McpService, registerMcpTransport } from '@tinyelf/tool-mcp';
import { z } from 'zod';

const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

async function median(run, count) {
  for (let index = 0; index < Math.min(200, count); index++) await run();
  const times = [];
  for (let index = 0; index < count; index++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e3);
  }
  return times.sort((a, b) => a - b)[Math.floor(count / 2)];
}

function sumServer() {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool(
    'sum',
    { description: 'Adds', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  return server;
}

// In-memory: a direct client and the registry on two connections to servers of the same code.
const [directSide, directServerSide] = InMemoryTransport.createLinkedPair();
await sumServer().connect(directServerSide);
const direct = new Client({ name: 'direct', version: '1.0.0' });
await direct.connect(directSide);
const container = createContainer();
registerMcpTransport(container, 'memory', async () => {
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await sumServer().connect(serverSide);
  return client;
});
const memoryService = new McpService([{ id: 'bench', transport: 'memory' }], { container });
await memoryService.start();
const memoryRegistry = new ToolRegistry({ spillDirectory: false });
memoryService.attach(memoryRegistry);

// stdio: the everything server, twice (one direct client, one through the registry).
const stdioService = new McpService([
  { id: 'everything', transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
]);
await stdioService.start();
const stdioRegistry = new ToolRegistry({ spillDirectory: false });
stdioService.attach(stdioRegistry);
const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
const directStdio = new Client({ name: 'direct', version: '1.0.0' });
await directStdio.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [everything, 'stdio'],
    stderr: 'ignore',
  }),
);

const rows = [];
// Seven interleaved rounds, each measuring the four one after another, so that drift (GC, CPU
// frequency, the other core's load) falls on both sides of each ratio alike.
for (let round = 0; round < 7; round++) {
  rows.push({
    memoryDirect: await median(
      () => direct.callTool({ name: 'sum', arguments: { a: 1, b: 2 } }),
      1500,
    ),
    memoryRegistry: await median(
      () => memoryRegistry.execute('c', 'mcp__bench__sum', { a: 1, b: 2 }),
      1500,
    ),
    stdioDirect: await median(
      () => directStdio.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } }),
      500,
    ),
    stdioRegistry: await median(
      () => stdioRegistry.execute('c', 'mcp__everything__get-sum', { a: 1, b: 2 }),
      500,
    ),
  });
}
const mid = (key) => rows.map((row) => row[key]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
await Promise.all([
  memoryService.dispose(),
  stdioService.dispose(),
  direct.close(),
  directStdio.close(),
]);

const startTime = async (count) => {
  const servers = Array.from({ length: count }, (_, index) => ({
    id: `s${index}`,
    transport: 'stdio',
    command: process.execPath,
    args: [everything, 'stdio'],
  }));
  const service = new McpService(servers);
  const started = performance.now();
  await service.start();
  const elapsed = performance.now() - started;
  await service.dispose();
  return elapsed;
};
const one = [await startTime(1), await startTime(1), await startTime(1)].sort((a, b) => a - b)[1];
const five = [await startTime(5), await startTime(5), await startTime(5)].sort((a, b) => a - b)[1];
const fiveOneByOne = async () => {
  const started = performance.now();
  for (let index = 0; index < 5; index++) {
    const service = new McpService([
      {
        id: `s${index}`,
        transport: 'stdio',
        command: process.execPath,
        args: [everything, 'stdio'],
      },
    ]);
    await service.start();
    await service.dispose();
  }
  return performance.now() - started;
};
const sequential = await fiveOneByOne();

const cold = (script) => coldScriptMs(script);
const coreAlone = cold("await import('@tinyelf/core');");
const withPlugin = cold(
  "const core = await import('@tinyelf/core'); const { createMcpPlugin } = await import('@tinyelf/tool-mcp'); const plugin = createMcpPlugin(); const context = { workspaceRoot: process.cwd(), config: {}, agent: { name: 'main', depth: 0, permissionMode: 'default' }, container: core.createContainer(), logger: core.silentLogger, signal: new AbortController().signal }; if ((await plugin.isEligible(context)) === true) throw new Error('eligible');",
);
const sdkImport = cold(
  "await import('@modelcontextprotocol/sdk/client/index.js'); await import('@modelcontextprotocol/sdk/client/stdio.js');",
);
const bare = cold('');

for (const [transport, key] of [
  ['in-memory transport', 'memory'],
  ['stdio (everything server)', 'stdio'],
]) {
  const [viaRegistry, direct] = [mid(`${key}Registry`), mid(`${key}Direct`)];
  record({
    measurement: `${transport}: registry.execute of an MCP tool`,
    value: viaRegistry,
    unit: 'µs',
    anchor: { label: 'Client.callTool directly (SDK)', value: direct },
    goal: { text: '≤ 1.1x', met: viaRegistry / direct <= 1.1 },
  });
}
record({
  measurement: 'start 5 stdio servers in parallel',
  value: five,
  unit: 'ms',
  anchor: { label: 'start 1 stdio server', value: one },
  goal: { text: 'close to one server (≤ 1.5x): they start in parallel', met: five / one <= 1.5 },
  note: `one after another: ${sequential.toFixed(0)} ms; each Node server costs ~150 ms of CPU on 2 cores`,
});
record({
  measurement: 'cold: core + tool-mcp plugin, no servers configured',
  value: withPlugin,
  unit: 'ms',
  anchor: { label: 'cold: import @tinyelf/core', value: coreAlone },
  goal: {
    text: 'no SDK import without MCP servers configured',
    met: withPlugin - coreAlone < (sdkImport - bare) / 2,
  },
  note: `importing the SDK client alone costs ${(sdkImport - bare).toFixed(0)} ms over bare node`,
});
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
console.log(`Node ${process.version}, ${new Date().toISOString()}`);
console.log('| measurement | median | vs direct SDK call | goal |');
console.log('|---|---|---|---|');
console.log(`| in-memory: Client.callTool | ${mid('memoryDirect').toFixed(1)} µs | | |`);
console.log(
  `| in-memory: registry.execute | ${mid('memoryRegistry').toFixed(1)} µs | ${ratio(mid('memoryRegistry'), mid('memoryDirect'))} | ${mid('memoryRegistry') / mid('memoryDirect') <= 1.1 ? 'met' : 'MISSED'} (≤ 1.1x) |`,
);
console.log(`| stdio: Client.callTool | ${mid('stdioDirect').toFixed(1)} µs | | |`);
console.log(
  `| stdio: registry.execute | ${mid('stdioRegistry').toFixed(1)} µs | ${ratio(mid('stdioRegistry'), mid('stdioDirect'))} | ${mid('stdioRegistry') / mid('stdioDirect') <= 1.1 ? 'met' : 'MISSED'} (≤ 1.1x) |`,
);
console.log(`| start 1 stdio server | ${one.toFixed(0)} ms | | |`);
console.log(
  `| start 5 stdio servers (parallel) | ${five.toFixed(0)} ms | ${ratio(five, one)} of one | |`,
);
console.log(
  `| start 5 stdio servers one after another (for comparison) | ${sequential.toFixed(0)} ms | ${ratio(sequential, one)} of one | |`,
);
console.log(`| cold: node -e '' | ${bare.toFixed(0)} ms | | |`);
console.log(`| cold: import @tinyelf/core | ${coreAlone.toFixed(0)} ms | | |`);
console.log(
  `| cold: core + tool-mcp plugin, no servers configured | ${withPlugin.toFixed(0)} ms | | SDK not loaded |`,
);
console.log(`| cold: import the SDK client + stdio transport | ${sdkImport.toFixed(0)} ms | | |`);
