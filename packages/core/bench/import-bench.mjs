// Measures the cold import of @tinyelf/core (and of its first execute(), which loads TypeBox)
// against bare `node`. Run after `pnpm build`: node bench/import-bench.mjs

import { record } from '@tinyelf/test-support/bench/bench-record.mjs';
import { coldScriptMs } from '@tinyelf/test-support/bench/cold-start.mjs';

const runs = 21;
const median = (script) => coldScriptMs(script, { runs });

const bare = median('');
const core = median("await import('@tinyelf/core');");
const firstCall = median(`
const { ToolRegistry } = await import('@tinyelf/core');
const registry = new ToolRegistry({ spillDirectory: false });
registry.register({ name: 't', description: 't', parameters: { type: 'object', properties: { n: { type: 'number' } } }, execute: async () => 'ok' });
await registry.execute('c', 't', { n: '1' });`);
const anchor = { label: "bare node -e ''", value: bare };
record({ measurement: 'cold: import @tinyelf/core', value: core, unit: 'ms', anchor });
record({
  measurement: 'cold: import, build a registry, first execute (loads TypeBox)',
  value: firstCall,
  unit: 'ms',
  anchor,
});
console.log(`| cold start (median of ${runs}) | time | over bare node |`);
console.log('|---|---|---|');
console.log(`| node -e '' | ${bare.toFixed(1)} ms | |`);
console.log(`| import @tinyelf/core | ${core.toFixed(1)} ms | +${(core - bare).toFixed(1)} ms |`);
console.log(
  `| import + build a registry + first execute (loads TypeBox) | ${firstCall.toFixed(1)} ms | +${(firstCall - bare).toFixed(1)} ms |`,
);
