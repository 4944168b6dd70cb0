import { mkdtempSync, realpathSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { createShellTool } from '@tinyelf/tool-shell';
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'probe-')));
const file = new ToolRegistry({ workspaceRoot }).register(createShellTool({ workspaceRoot, sandbox: 'none' }));
const pipe = new ToolRegistry({ workspaceRoot }).register(createShellTool({ workspaceRoot, sandbox: 'none', outputScratchDir: '/etc/hostname/x' }));
const bare = () => new Promise((r) => spawn('bash', ['-c', 'true'], { stdio: 'ignore' }).on('exit', r));
const runs = { bare, file: () => file.execute('c', 'Bash', { command: 'true' }), pipe: () => pipe.execute('c', 'Bash', { command: 'true' }) };
const times = { bare: [], file: [], pipe: [] };
for (let i = 0; i < 30; i++) for (const k in runs) await runs[k]();
for (let i = 0; i < 600; i++) for (const k in runs) { const s = performance.now(); await runs[k](); times[k].push(performance.now() - s); }
const med = (t) => t.sort((a, b) => a - b)[t.length >> 1];
const b = med(times.bare);
console.log(Object.entries(times).map(([k, t]) => `${k} ${med(t).toFixed(3)} ms (${(med(t) / b).toFixed(3)}x)`).join(', '));
