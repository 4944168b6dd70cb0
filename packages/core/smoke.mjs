// Smoke test of the built @tinyelf/core on plain Node: DI with decorators, the registry, the
// policy and the conformance suite, all from dist.
import assert from 'node:assert/strict';
import {
  BuildStep,
  createContainer,
  PLUGIN_API_VERSION,
  registerToolPlugin,
  Tokens,
  ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';
import { checkPluginConformance } from '@tinyelf/core/testing';

const container = createContainer();
container.register(Tokens.ToolPolicyConfig, { useValue: { safeTools: ['shout'] } });
const policy = container.resolve(ToolPolicy);
assert.equal(
  policy.requiresConfirmation('shout', 'default'),
  false,
  'ToolPolicy got its config through @inject',
);
assert.equal(policy.requiresConfirmation('Read', 'default'), true);

const plugin = {
  name: 'smoke-plugin',
  apiVersion: PLUGIN_API_VERSION,
  step: BuildStep.Control,
  createTools: () => [
    {
      name: 'shout',
      description: 'Repeats a word in capitals',
      parameters: {
        type: 'object',
        properties: { word: { type: 'string' }, times: { type: 'integer', minimum: 1 } },
        required: ['word', 'times'],
      },
      execute: async ({ word, times }) => Array(times).fill(word.toUpperCase()).join(' '),
    },
  ],
};
registerToolPlugin(container, plugin);
const [resolved] = container.resolveAll(Tokens.ToolPlugin);
const registry = new ToolRegistry({ spillDirectory: false }).registerAll(
  await resolved.createTools(),
);
const result = await registry.execute('call-1', 'shout', { word: 'elf', times: '3' });
assert.equal(result.content, 'ELF ELF ELF');
const bad = await registry.execute('call-2', 'shout', { word: 'elf' });
assert.equal(bad.errorCode, 'INVALID_TOOL_INPUT');

const report = await checkPluginConformance(plugin);
assert.deepEqual(report.failures, []);
console.log('@tinyelf/core: ok');
