// The sandboxed Bash call against a bare bwrap run of the same command with the same arguments,
// and the unsandboxed call against a bare spawn of bash. Run after `pnpm build`:
// node bench/sandbox-bench.mjs
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  mkdtempSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { pairedMedians } from '@tinyelf/test-support/bench/paired-medians.mjs';
import { createShellTool, resolveSandbox } from '@tinyelf/tool-shell';

// A typical workspace: a git repository, none of the other protected paths present.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-bench-sandbox-')));
execFileSync('git', ['init', '-q'], { cwd: workspaceRoot });
const status = resolveSandbox({ sandbox: 'bubblewrap', workspaceRoot });
if (status.unavailableReason) {
  console.log(`Sandbox benchmark skipped: ${status.unavailableReason}`);
  process.exit(0);
}
const bwrap = status.bubblewrapPath;

const bare =
  (file, args, stdio = 'ignore') =>
  () =>
    new Promise((resolve, reject) => {
      const child = spawn(file, args, { stdio });
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${file} exit ${code}`)),
      );
      child.on('error', reject);
    });
const viaTool = (registry) => async () => {
  const result = await registry.execute('bench', 'Bash', { command: 'true' });
  if (result.isError || !result.content.endsWith('Exit code 0.')) throw new Error(result.content);
};

// The arguments the tool gives bwrap, captured once through a wrapper that records them and
// runs the real bwrap. The bare runs get `--info-fd 3` on /dev/null (the tool gives bwrap an
// unnamed file it reads after the exit; nothing is read during the run). The tool plans the mounts
// (about 220 lookups of protected and secret paths, most of them missing) once, and reuses the
// plan while the folders those lookups were made in are unchanged: one stat per folder before
// the call and for the sweep after it (see SandboxPlanner); the workspace is left still for that.
const capture = mkdtempSync(join(tmpdir(), 'tinyelf-bench-capture-'));
const wrapper = join(capture, 'bwrap');
writeFileSync(wrapper, `#!/bin/sh\nprintf '%s\\0' "$@" > ${capture}/args\nexec ${bwrap} "$@"\n`);
chmodSync(wrapper, 0o755);
await viaTool(
  new ToolRegistry({ workspaceRoot }).register(
    createShellTool({ workspaceRoot, sandbox: 'bubblewrap', bubblewrapPath: wrapper }),
  ),
)();
const captured = readFileSync(join(capture, 'args'), 'utf8').split('\0').slice(0, -1);
const withInfoFile = ['ignore', 'ignore', 'ignore', openSync('/dev/null', 'w')];
const sandboxed = new ToolRegistry({ workspaceRoot }).register(
  createShellTool({ workspaceRoot, sandbox: 'bubblewrap' }),
);
const unsandboxed = new ToolRegistry({ workspaceRoot }).register(
  createShellTool({ workspaceRoot, sandbox: 'none' }),
);
// As between an agent's calls: the workspace still for a few seconds, so the plan can be reused
// (see SETTLED_MS in src/sandbox/folder-states.ts).
await new Promise((resolve) => setTimeout(resolve, 3100));
const figures = {
  ...(await pairedMedians(
    { bwrap: bare(bwrap, captured, withInfoFile), sandboxed: viaTool(sandboxed) },
    200,
  )),
  ...(await pairedMedians(
    { bash: bare('bash', ['-c', 'true']), unsandboxed: viaTool(unsandboxed) },
    500,
  )),
};
rmSync(capture, { recursive: true });

const bwrapAnchor = {
  label: `bare bwrap with the tool's ${captured.length} arguments, bash -c true`,
  value: figures.bwrap,
};
record({
  measurement: 'Bash tool via the registry in the bubblewrap sandbox, `true`',
  value: figures.sandboxed,
  unit: 'ms',
  anchor: bwrapAnchor,
  note: `a git workspace; the sandbox plan reused while its folders are unchanged (one stat per folder before and after the call); load average ${loadavg()[0].toFixed(1)} at the end`,
});
record({
  measurement: 'Bash tool via the registry without the sandbox, `true`',
  value: figures.unsandboxed,
  unit: 'ms',
  anchor: { label: "bare spawn('bash', ['-c', 'true'])", value: figures.bash },
  goal: { text: '≤ 1.2x', met: figures.unsandboxed / figures.bash <= 1.2 },
});
console.log(
  `Node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()[0].toFixed(1)}`,
);
console.log('| measurement | median | anchor | ratio |');
console.log('|---|---|---|---|');
console.log(
  `| Bash tool, sandboxed, \`true\` | ${figures.sandboxed.toFixed(2)} ms | bare bwrap, same ${captured.length} arguments: ${figures.bwrap.toFixed(2)} ms | ${(figures.sandboxed / figures.bwrap).toFixed(2)}x |`,
);
console.log(
  `| Bash tool, sandbox off, \`true\` | ${figures.unsandboxed.toFixed(2)} ms | bare spawn of bash: ${figures.bash.toFixed(2)} ms | ${(figures.unsandboxed / figures.bash).toFixed(2)}x (goal ≤ 1.2x) |`,
);
