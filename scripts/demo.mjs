// The main job: composes a tool registry from plugins in a DI container over a scratch
// workspace, shows what the model would read, and runs tool calls the way an agent loop does,
// good ones and bad ones, with the policy deciding which would ask the user first.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BuildStep,
  createContainer,
  PLUGIN_API_VERSION,
  registerToolPlugin,
  silentLogger,
  Tokens,
  ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';
import { createFileSystemPlugin } from '@tinyelf/tool-fs';
import { createShellPlugin } from '@tinyelf/tool-shell';

const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-demo-')));
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
registerToolPlugin(container, createFileSystemPlugin());
registerToolPlugin(container, createShellPlugin());
const plugins = container
  .resolveAll(Tokens.ToolPlugin)
  .sort((a, b) => (a.step ?? 13) - (b.step ?? 13));
// The registry carries the policy: execute decides every call (rules, mode, risk warnings).
const registry = new ToolRegistry({ workspaceRoot, policy: new ToolPolicy() });
const context = {
  workspaceRoot,
  config: {},
  agent: { name: 'main', depth: 0, permissionMode: 'default' },
  container,
  logger: silentLogger,
  signal: new AbortController().signal,
};
for (const plugin of plugins) registry.registerAll(await plugin.createTools(context));

console.log(`Workspace: ${workspaceRoot}`);
console.log(`Tools, in build order: ${registry.getNames().join(', ')}`);
console.log(
  `Definition of count_words (OpenAI format): ${JSON.stringify(registry.getDefinitions().at(-1))}`,
);

const calls = [
  ['Write', { path: 'notes/todo.md', content: '# Todo\n- feed the elf\n- ship the tools\n' }],
  ['Read', { path: 'notes/todo.md' }],
  ['Edit', { path: 'notes/todo.md', old_string: 'feed the elf', new_string: 'feed the elves' }],
  ['Grep', { pattern: 'elves|tools' }],
  ['Bash', { command: 'ls notes && wc -l notes/todo.md' }],
  ['Bash', { command: 'sudo rm -rf --no-preserve-root /' }],
  ['count_words', { text: 'the elf and the tools', unique: 'true' }],
  ['Write', { path: '.git/hooks/pre-commit', content: '#!/bin/sh\n' }],
  ['Read', { path: '../../etc/passwd' }],
  ['count_word', { text: 'typo in the name' }],
  ['Read', { offset: 'first' }],
];
let id = 0;
for (const [name, args] of calls) {
  // The one decision: execute asks this confirm exactly when the call needs it; the demo says yes.
  let asked;
  const result = await registry.execute(`call_${++id}`, name, args, {
    mode: 'acceptEdits',
    confirm: (request) => {
      asked = request;
      return true;
    },
  });
  const reason = asked?.warnings.length
    ? ` (${asked.warnings.map((warning) => warning.message).join(' ')})`
    : '';
  console.log(
    `\n> ${name}(${JSON.stringify(args)})  [in acceptEdits mode: ${asked ? `asked the user first${reason}; the demo said yes` : result.errorCode === 'PERMISSION_DENIED' ? 'refused without asking' : 'no confirmation needed'}]`,
  );
  console.log(result.content);
}
