import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildStep, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext, describePluginConformance } from '@tinyelf/core/testing';
import { describe, expect, it } from 'vitest';
import { createFileSystemPlugin } from './file-system-plugin';
import { findRipgrep } from './search/find-ripgrep';

describePluginConformance(
  () => createFileSystemPlugin(),
  () => {
    const context = createTestBuildContext();
    writeFileSync(join(context.workspaceRoot, 'a.txt'), 'alpha\nbeta\n');
    return {
      context,
      sampleInputs: {
        Read: { path: 'a.txt' },
        Write: { path: 'b.txt', content: 'x' },
        Edit: { path: 'a.txt', old_string: 'alpha', new_string: 'gamma' },
        ListDir: { path: '.' },
        Glob: { pattern: '**/*.txt' },
        Grep: { pattern: 'beta' },
      },
    };
  },
);

describe('createFileSystemPlugin', () => {
  it('creates the six tools at step FileSystem for the build workspace, with the config section applied', async () => {
    const plugin = createFileSystemPlugin();
    expect(plugin.step).toBe(BuildStep.FileSystem);
    const context = createTestBuildContext({ config: { fileSystem: { listMaxEntries: 1 } } });
    writeFileSync(join(context.workspaceRoot, 'one.txt'), '1');
    writeFileSync(join(context.workspaceRoot, 'two.txt'), '2');
    const registry = new ToolRegistry().registerAll(await plugin.createTools(context));
    expect(registry.getNames()).toEqual(['Read', 'Write', 'Edit', 'ListDir', 'Glob', 'Grep']);
    expect((await registry.execute('c', 'ListDir', { path: '.' })).content).toContain(
      '... and 1 more entries',
    );
  });

  it('describes each tool to the model the same way (schema snapshot)', async () => {
    const tools = await createFileSystemPlugin().createTools(createTestBuildContext());
    expect(new ToolRegistry().registerAll(tools).getDefinitions()).toMatchSnapshot();
  });

  it('gives the same Grep answer through ripgrep and through the built-in search', async () => {
    // scripts/system-packages.sh installs ripgrep, so both search paths really run here.
    expect(findRipgrep('auto')).toBeDefined();
    const answers: string[] = [];
    for (const ripgrep of ['auto', false] as const) {
      const context = createTestBuildContext({ config: { fileSystem: { ripgrep } } });
      writeFileSync(join(context.workspaceRoot, 'one.txt'), 'elves ship\nnothing\n');
      writeFileSync(join(context.workspaceRoot, 'two.md'), 'no\nthe elves sing\n');
      const registry = new ToolRegistry().registerAll(
        await createFileSystemPlugin().createTools(context),
      );
      answers.push((await registry.execute('g', 'Grep', { pattern: 'elves' })).content);
    }
    expect(answers[0]).toBe(
      '2 matching lines in 2 files:\none.txt:1:elves ship\n\ntwo.md:2:the elves sing',
    );
    expect(answers[1]).toBe(answers[0]);
  });
});
