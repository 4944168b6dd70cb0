// Smoke test of the built tinyelf-plugin-git on plain Node: loaded by name by the built builder.
import assert from 'node:assert/strict';
import { createPlugin } from 'tinyelf-plugin-git';

const plugin = createPlugin();
assert.equal(plugin.name, 'tinyelf-plugin-git');
const tools = await plugin.createTools({ workspaceRoot: process.cwd(), config: {} });
assert.deepEqual(
  tools.map((tool) => tool.name),
  ['git_status', 'git_diff', 'git_log'],
);
console.log('tinyelf-plugin-git: ok');
