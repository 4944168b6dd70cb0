// Profiling helper: one worker (optionally under --cpu-prof), N remote Read/Bash calls, CPU per call.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { createRemoteToolsPlugin } from '@tinyelf/tool-remote';

const bin = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const root = realpathSync(mkdtempSync(join(tmpdir(), 'rc-prof-')));
writeFileSync(join(root, 'notes.txt'), 'a line of notes\n'.repeat(50));
writeFileSync(join(root, 'tinyelf.config.json'), JSON.stringify({ shell: { sandbox: 'none' } }));
const port = 20000 + Math.floor(Math.random() * 20000);
const prof = process.env.PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`] : [];
const child = spawn(
  process.execPath,
  [...prof, bin, 'mcp', 'serve', '--http', '--port', String(port), '--dir', root],
  {
    env: { ...process.env, TINYELF_MCP_TOKEN: 't' },
    stdio: ['ignore', 'ignore', 'pipe'],
  },
);
await new Promise((resolve) => {
  let t = '';
  child.stderr.on('data', (c) => {
    t += c;
    if (t.includes('Bearer')) resolve();
  });
});
const context = createTestBuildContext({ workspaceRoot: root, config: {} });
const registry = new ToolRegistry({ workspaceRoot: root, spillDirectory: false });
registry.registerAll(
  await createRemoteToolsPlugin({
    remote: { url: `http://127.0.0.1:${port}/mcp`, token: 't' },
  }).createTools(context),
);
const cpuOf = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(x[11]) + Number(x[12])) * 10;
};
const n = Number(process.env.N ?? 2000);
for (const [tool, args] of [
  ['Read', { path: 'notes.txt' }],
  ['Bash', { command: 'true' }],
].filter(([t]) => !process.env.ONLY || t === process.env.ONLY)) {
  for (let i = 0; i < 50; i++) await registry.execute('w', tool, args);
  const count = tool === 'Bash' ? Math.floor(n / 4) : n;
  const a = process.cpuUsage();
  const w = cpuOf(child.pid);
  const t = performance.now();
  for (let i = 0; i < count; i++) {
    const r = await registry.execute('c', tool, args);
    if (r.isError) throw new Error(r.content);
  }
  const ac = process.cpuUsage(a);
  console.log(
    `${tool}: agent ${((ac.user + ac.system) / 1000 / count).toFixed(3)} ms, worker ${((cpuOf(child.pid) - w) / count).toFixed(3)} ms CPU per call, wall ${((performance.now() - t) / count).toFixed(3)} ms`,
  );
}
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
