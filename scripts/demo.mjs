// The main job: composes a tool registry from plugins in a DI container, shows what the model
// would read, and runs tool calls the way an agent loop does, good and bad ones.
import {
  BuildStep,
  createContainer,
  PLUGIN_API_VERSION,
  registerToolPlugin,
  Tokens,
  ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';

const wordsPlugin = {
  name: 'demo-words',
  apiVersion: PLUGIN_API_VERSION,
  step: BuildStep.Control,
  createTools: () => [
    {
      name: 'count_words',
      description: 'Counts the words of a text',
      readOnly: true,
      parameters: {
        type: 'object',
        properties: { text: { type: 'string' }, unique: { type: 'boolean', default: false } },
        required: ['text'],
      },
      execute: async ({ text, unique }) => {
        const words = text.split(/\s+/).filter(Boolean);
        return String(unique ? new Set(words).size : words.length);
      },
    },
  ],
};

const container = createContainer();
registerToolPlugin(container, wordsPlugin);
const registry = new ToolRegistry({ spillDirectory: false });
for (const plugin of container.resolveAll(Tokens.ToolPlugin))
  registry.registerAll(await plugin.createTools());

console.log('Definitions (OpenAI format):');
console.log(JSON.stringify(registry.getDefinitions(), null, 2));

const policy = new ToolPolicy({ safeTools: ['count_words'] });
const calls = [
  ['call-1', 'count_words', { text: 'the elf and the tools', unique: 'true' }],
  ['call-2', 'count_word', { text: 'typo in the name' }],
  ['call-3', 'count_words', { unique: 1 }],
];
for (const [id, name, args] of calls) {
  const ask = policy.requiresConfirmation(name, 'default') ? 'asks first' : 'runs without asking';
  const result = await registry.execute(id, name, args);
  console.log(`\n${name}(${JSON.stringify(args)}) ${ask} -> ${result.isError ? 'error' : 'ok'}`);
  console.log(result.content);
}
