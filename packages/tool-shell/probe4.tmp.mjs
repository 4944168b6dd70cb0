import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { createShellTool } from '@tinyelf/tool-shell';
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'probe-')));
const spillDirectory = mkdtempSync(join(workspaceRoot, 'spill-'));
const registry = new ToolRegistry({ workspaceRoot, spillDirectory }).register(createShellTool({ workspaceRoot, sandbox: 'none' }));
await registry.execute('warm', 'Bash', { command: 'true' });
const command = `yes "$(printf 'x%.0s' {1..99})" | head -c 1000000000`;
const target = join(spillDirectory, 'bare.txt');
for (let round = 0; round < 4; round++) {
  let c0 = process.cpuUsage(); let t = performance.now();
  spawnSync('bash', ['-c', command + ' > ' + target], { stdio: 'ignore' });
  const bare = performance.now() - t; rmSync(target);
  let c1 = process.cpuUsage(); t = performance.now();
  const r = await registry.execute('b', 'Bash', { command });
  const tool = performance.now() - t; const c2 = process.cpuUsage(c1);
  rmSync(r.fullOutputPath);
  console.log(`bare ${bare.toFixed(0)} tool ${tool.toFixed(0)} ratio ${(tool / bare).toFixed(2)} node cpu user ${(c2.user / 1000).toFixed(0)} sys ${(c2.system / 1000).toFixed(0)} ms`);
}
