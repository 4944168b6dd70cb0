import { BuildStep, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext, describePluginConformance } from '@tinyelf/core/testing';
import { describe, expect, it } from 'vitest';
import { createShellPlugin } from './shell-plugin';

describePluginConformance(() => createShellPlugin(), {
  sampleInputs: { Bash: { command: 'echo conformance' } },
});

describe('createShellPlugin', () => {
  it('creates Bash at step Shell for the build workspace, with the config section applied', async () => {
    const plugin = createShellPlugin();
    expect(plugin.step).toBe(BuildStep.Shell);
    const context = createTestBuildContext({ config: { shell: { maxOutputBytes: 200 } } });
    const registry = new ToolRegistry().registerAll(await plugin.createTools(context));
    const result = await registry.execute('c', 'Bash', { command: 'pwd; seq 1 1000' });
    // Runs in the build's workspace: pwd prints it whole, and the output limit of the section cut it.
    expect(result.content.split('\n')[0]).toBe(context.workspaceRoot);
    expect(result.content).toMatch(/\(truncated: \d+ bytes in \d+ lines were cut from the middle/);
    expect(result.content).toMatch(/\n1000\n\nExit code 0\.$/);
    expect(result.content).not.toContain('\n500\n');
  });

  it('describes Bash to the model (schema snapshot)', async () => {
    // Without the sandbox, so the snapshot does not depend on whether bwrap starts here.
    const context = createTestBuildContext({
      workspaceRoot: '/tmp',
      config: { shell: { sandbox: 'none' } },
    });
    const definitions = new ToolRegistry()
      .registerAll(await createShellPlugin().createTools(context))
      .getDefinitions();
    expect(definitions).toMatchSnapshot();
  });
});
