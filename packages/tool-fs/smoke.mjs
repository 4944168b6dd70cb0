// Smoke test of the built @tinyelf/tool-fs on plain Node: the plugin resolved from a DI
// container, its tools run through a registry on a real temporary workspace.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContainer, registerToolPlugin, Tokens, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { createFileSystemPlugin } from '@tinyelf/tool-fs';

const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-smoke-fs-')));
const container = createContainer();
registerToolPlugin(container, createFileSystemPlugin());
const [plugin] = container.resolveAll(Tokens.ToolPlugin);
const registry = new ToolRegistry({ workspaceRoot }).registerAll(
  await plugin.createTools(createTestBuildContext({ workspaceRoot, container })),
);

const written = await registry.execute('1', 'Write', {
  path: 'src/hello.ts',
  content: 'export const hello = "elf";\n',
});
assert.equal(written.content, 'Created src/hello.ts: 1 line, 28 B.');
assert.equal(
  (await registry.execute('2', 'Read', { path: 'src/hello.ts' })).content,
  '     1\texport const hello = "elf";',
);
assert.match(
  (
    await registry.execute('3', 'Edit', {
      path: 'src/hello.ts',
      old_string: 'elf',
      new_string: 'tiny elf',
    })
  ).content,
  /replaced 1 occurrence/,
);
assert.equal(
  (await registry.execute('4', 'Grep', { pattern: 'tiny' })).content,
  '1 matching line in 1 file:\nsrc/hello.ts:1:export const hello = "tiny elf";',
);
assert.equal(
  (await registry.execute('5', 'Glob', { pattern: '**/*.ts' })).content,
  '1 file matches "**/*.ts" (newest first):\nsrc/hello.ts',
);
symlinkSync('/etc', join(workspaceRoot, 'etc-link'));
const escaped = await registry.execute('6', 'Read', { path: 'etc-link/passwd' });
assert.equal(escaped.errorCode, 'PATH_OUTSIDE_WORKSPACE');
console.log('@tinyelf/tool-fs: ok');
