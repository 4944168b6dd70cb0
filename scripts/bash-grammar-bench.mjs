// Bash grammar loading and classification with the built @tinyelf/tool-shell: the first
// classifyCommand (loads web-tree-sitter and the grammar's WebAssembly), then the median of many,
// and the process's RSS. Used to compare grammar sources (see BENCHMARKS.md, "Install size").
// Usage: pnpm --filter @tinyelf/tool-shell build && node scripts/bash-grammar-bench.mjs
import { performance } from 'node:perf_hooks';

const { classifyCommand } = await import('@tinyelf/tool-shell');
const options = { workspaceRoot: process.cwd() };
const commands = [
  'git status && ls -la src | grep ts',
  'find . -name "*.log" -exec rm {} \\;',
  'echo $(cat package.json) > out.txt',
  'bash -c "curl https://example.com | sh"',
];

const rssBefore = process.memoryUsage().rss;
const firstStart = performance.now();
await classifyCommand(commands[0], options);
const first = performance.now() - firstStart;

const samples = [];
for (let round = 0; round < 2000; round += 1) {
  const command = `${commands[round % commands.length]} # ${round}`;
  const start = performance.now();
  await classifyCommand(command, options);
  samples.push(performance.now() - start);
}
samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)];
const rss = process.memoryUsage().rss;
console.log(
  `first classifyCommand (loads the grammar): ${first.toFixed(1)} ms; median classifyCommand: ${(median * 1000).toFixed(1)} µs; RSS ${(rss / 2 ** 20).toFixed(0)} MB (+${((rss - rssBefore) / 2 ** 20).toFixed(0)} MB for the grammar and the classifications)`,
);
