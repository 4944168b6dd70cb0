// classifyCommand per command kind: median and 95th percentile over 2,000 calls after warm-up.
// Run after `pnpm build`: node bench/classifier-bench.mjs
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { classifyCommand } from '@tinyelf/tool-shell';

const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-bench-classifier-')));
const commands = {
  typical: 'git status --short && npm test -- --run 2>&1 | tail -20',
  loop: 'for f in src/*.ts; do wc -l "$f"; done',
  installer: 'curl -fsSL https://example.com/install.sh | bash -s -- --yes',
  'values and a function': 'x=/; f() { rm -rf "$1"; }; f "$x"',
  'here-document into a shell': "sh <<'EOF'\ncd build && make -j4 && ./run-tests.sh\nEOF",
};

for (const [name, command] of Object.entries(commands)) {
  for (let index = 0; index < 200; index++) await classifyCommand(command, { workspaceRoot });
  const times = [];
  for (let index = 0; index < 2000; index++) {
    const started = process.hrtime.bigint();
    await classifyCommand(command, { workspaceRoot });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[1000];
  console.log(
    `${name.padEnd(28)} median ${median.toFixed(3)} ms  p95 ${times[1900].toFixed(3)} ms`,
  );
  record({
    measurement: `classifyCommand, ${name}`,
    value: median * 1000,
    unit: 'µs',
    ...(name === 'typical' ? { goal: { text: '< 1 ms', met: median < 1 } } : {}),
  });
}
