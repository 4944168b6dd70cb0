// Measures the registry's own cost per execute() against calling the tool directly and against
// the compiled TypeBox check alone (typebox/schema, what the registry uses). Run after `pnpm build`: node bench/registry-bench.mjs

import { defineTool, ToolRegistry } from '@tinyelf/core';
import { batchSamples } from '@tinyelf/test-support/bench/batch-samples.mjs';
import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { Type } from 'typebox';
import { Compile } from 'typebox/schema';

const parameters = Type.Object({
  path: Type.String(),
  offset: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  verbose: Type.Boolean(),
  tags: Type.Array(Type.String()),
});
const makeTool = (name) =>
  defineTool({ name, description: `bench tool ${name}`, parameters, execute: async () => 'ok' });

const valid = { path: 'src/index.ts', offset: 10, limit: 20, verbose: true, tags: ['a', 'b'] };
const needsCoercion = {
  path: 'src/index.ts',
  offset: '10',
  limit: '20',
  verbose: 'true',
  tags: 'a',
};

function registryWith(count) {
  const registry = new ToolRegistry({ spillDirectory: false });
  for (let index = 0; index < count; index++) registry.register(makeTool(`tool_${index}`));
  return registry;
}

async function measure(label, run, options) {
  const samples = await batchSamples(run, options);
  const median = samples[Math.floor(samples.length / 2)];
  return { label, medianNs: median, p90Ns: samples[Math.floor(samples.length * 0.9)] };
}

const direct = makeTool('direct');
const check = Compile(parameters);
const small = registryWith(10);
const large = registryWith(1000);
const middleName = 'tool_5';
const farName = 'tool_999';

const results = [
  await measure('tool.execute directly', () => direct.execute(valid)),
  await measure('compiled TypeBox check alone', () => check.Check(valid)),
  await measure('registry.execute, valid args, 10 tools', () =>
    small.execute('c', middleName, valid),
  ),
  await measure('registry.execute, valid args, 1000 tools', () =>
    large.execute('c', farName, valid),
  ),
  await measure('registry.execute, coerced args, 10 tools', () =>
    small.execute('c', middleName, needsCoercion),
  ),
  await measure('registry.execute, coerced args, 1000 tools', () =>
    large.execute('c', farName, needsCoercion),
  ),
];
const directNs = results[0].medianNs;
console.log(`Node ${process.version}, ${new Date().toISOString()}`);
console.log('| measurement | median | p90 | overhead over direct call |');
console.log('|---|---|---|---|');
for (const result of results) {
  const overhead = result.label.startsWith('registry')
    ? `${((result.medianNs - directNs) / 1000).toFixed(2)} µs`
    : '';
  console.log(
    `| ${result.label} | ${(result.medianNs / 1000).toFixed(3)} µs | ${(result.p90Ns / 1000).toFixed(3)} µs | ${overhead} |`,
  );
}
const goals = [
  ['valid args overhead < 2 µs', results[2].medianNs - directNs < 2000],
  ['coerced args overhead < 6 µs', results[4].medianNs - directNs < 6000],
  ['1000 tools within 25% of 10 tools', results[3].medianNs < results[2].medianNs * 1.25],
];
for (const [goal, met] of goals) console.log(`${met ? 'met' : 'MISSED'}: ${goal}`);

const checkNs = results[1].medianNs;
const anchor = { label: 'compiled TypeBox check alone', value: checkNs / 1000 };
record({ measurement: 'tool.execute called directly', value: directNs / 1000, unit: 'µs', anchor });
for (const [index, goal] of [
  [2, goals[0]],
  [3, goals[2]],
  [4, goals[1]],
  [5, undefined],
]) {
  record({
    measurement: results[index].label,
    value: results[index].medianNs / 1000,
    unit: 'µs',
    anchor,
    goal: goal && { text: goal[0], met: goal[1] },
    note: `${((results[index].medianNs - directNs) / 1000).toFixed(2)} µs over the direct call`,
  });
}
