import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AgentRunner,
  BuildStep,
  createContainer,
  PLUGIN_API_VERSION,
  registerToolPlugin,
  silentLogger,
  type ToolPlugin,
} from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLUGIN_PACKAGES, loadDefaultPlugins } from './plugins/default-plugins';
import { buildToolRegistry } from './tool-registry-builder';

const workspace = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-builder-')));
/** The builder never runs an agent in these tests; the session plugins only need one to exist. */
const runner: AgentRunner = {
  run: async () => ({ status: 'completed', output: '', iterations: 0, messages: [] }),
};

function plugin(
  name: string,
  step: ToolPlugin['step'],
  tools: string[],
  extra: Partial<ToolPlugin> = {},
): ToolPlugin {
  return {
    name,
    apiVersion: PLUGIN_API_VERSION,
    step,
    createTools: () =>
      tools.map((tool) => ({
        name: tool,
        description: `${tool} from ${name}`,
        parameters: { type: 'object' },
        execute: async () => `${tool} from ${name}`,
      })),
    ...extra,
  };
}

describe('ToolRegistryBuilder', () => {
  it('builds every named @tinyelf package in the 12-step order, third-party plugins at their step or after Control', async () => {
    const built = await buildToolRegistry({
      config: { workspaceRoot: workspace(), webSearch: { provider: 'anthropic' } },
      services: { agentRunner: runner },
      defaultPlugins: [...DEFAULT_PLUGIN_PACKAGES, '@tinyelf/tool-shell'],
      plugins: [
        plugin('late', undefined, ['late_tool']),
        plugin('shell-extra', BuildStep.Shell, ['shell_extra']),
      ],
    });
    expect(built.registry.getNames()).toEqual([
      'Read',
      'Write',
      'Edit',
      'ListDir',
      'Glob',
      'Grep',
      'Bash',
      'shell_extra',
      'WebSearch',
      'WebFetch',
      'list_skills',
      'read_skill',
      'spawn_agent',
      'subagent_list',
      'subagent_status',
      'slash_command',
      'SessionsSpawn',
      'SessionsList',
      'SessionsSend',
      'SessionsHistory',
      'Notify',
      'SessionsYield',
      'late_tool',
    ]);
    const skipped = built.diagnostics.plugins
      .filter((entry) => entry.status === 'skipped')
      .map((entry) => `${entry.step}:${entry.plugin}`);
    expect(skipped).toEqual(['SkillHub:skillhub', 'Mcp:mcp']);
    expect(built.diagnostics.plugins.find((entry) => entry.plugin === 'late')).toMatchObject({
      step: 'AfterControl',
      status: 'added',
      tools: ['late_tool'],
    });
    await built.dispose();
  });

  it('with no plugins named uses the default packages, which hold no shell; a default not installed is only noted', async () => {
    const notes: string[] = [];
    const built = await buildToolRegistry({
      config: { workspaceRoot: workspace() },
      logger: { ...silentLogger, info: (message) => notes.push(message) },
    });
    const names = built.registry.getNames();
    expect(names).toEqual(expect.arrayContaining(['Read', 'Write', 'WebFetch', 'list_skills']));
    expect(names).not.toContain('Bash');
    expect(built.diagnostics.plugins.map((entry) => entry.plugin)).not.toContain('shell');
    await built.dispose();

    const missing = await loadDefaultPlugins(['@tinyelf/tool-fs']);
    expect(missing.missing).toEqual([]);
    await expect(loadDefaultPlugins(['left-pad'])).rejects.toThrowError(
      '"left-pad" is not a @tinyelf tool package',
    );
    expect(notes.filter((note) => note.startsWith('Not installed'))).toEqual([]);
  });

  it('reports a failing plugin and builds the rest, unless it is required; keeps the first of two tools with one name', async () => {
    const broken = plugin('broken', BuildStep.Shell, [], {
      createTools: () => {
        throw new Error('no shell here');
      },
    });
    const built = await buildToolRegistry({
      config: { plugins: [] },
      plugins: [
        plugin('first', BuildStep.FileSystem, ['Read']),
        broken,
        plugin('second', BuildStep.Control, ['Read', 'other']),
      ],
    });
    expect(built.registry.getNames()).toEqual(['Read', 'other']);
    expect(await built.registry.execute('c', 'Read', {})).toMatchObject({
      content: 'Read from first',
    });
    expect(built.diagnostics.plugins.find((entry) => entry.plugin === 'broken')).toMatchObject({
      status: 'failed',
      reason: 'no shell here',
    });
    expect(built.diagnostics.conflicts).toEqual([
      { tool: 'Read', kept: 'first', dropped: 'second' },
    ]);
    await expect(
      buildToolRegistry({
        config: { plugins: [], onConflict: 'error' },
        plugins: [plugin('a', 1, ['x']), plugin('b', 2, ['x'])],
      }),
    ).resolves.toMatchObject({
      diagnostics: {
        plugins: [
          expect.objectContaining({ status: 'added' }),
          expect.objectContaining({
            status: 'failed',
            reason: 'the tool name x is already offered by a',
          }),
        ],
      },
    });
  });

  it('keeps what a plugin warned about in its diagnostic: Bash without a sandbox', async () => {
    const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-builder-')));
    const fallback = await buildToolRegistry({
      config: {
        workspaceRoot,
        plugins: ['@tinyelf/tool-shell'],
        shell: { bubblewrapPath: '/nonexistent/bwrap' },
      },
    });
    expect(fallback.diagnostics.plugins).toMatchObject([
      {
        plugin: 'shell',
        status: 'added',
        tools: ['Bash'],
        warnings: [
          'Bash runs commands without a sandbox: /nonexistent/bwrap does not exist or is not executable.',
        ],
      },
    ]);
    await fallback.dispose();
  });

  it('applies the policy from configuration, the agent’s allowedTools and plan mode', async () => {
    const base = { plugins: [] as const };
    const tools = [
      plugin('fs', BuildStep.FileSystem, ['Read', 'Write', 'Grep']),
      plugin('mcp', BuildStep.Mcp, ['mcp__gh__list', 'mcp__gh__delete']),
    ];
    const custom = await buildToolRegistry({
      config: { ...base, policy: { safeTools: ['Grep'] } },
      plugins: tools,
    });
    expect(custom.policy.requiresConfirmation('Grep', 'default')).toBe(false);
    expect(custom.policy.requiresConfirmation('Read', 'default')).toBe(true);
    const filtered = await buildToolRegistry({
      config: { ...base, agents: { reviewer: { allowedTools: ['Read', 'mcp__gh__*'] } } },
      agent: { name: 'reviewer' },
      plugins: tools,
    });
    expect(filtered.registry.getNames()).toEqual(['Read', 'mcp__gh__list', 'mcp__gh__delete']);
    const plan = await buildToolRegistry({
      config: base,
      agent: { permissionMode: 'plan' },
      plugins: tools,
    });
    expect(plan.registry.getNames()).toEqual(['Read', 'Grep']);
  });

  it('resolves plugins registered in the caller’s container, and disposes them', async () => {
    let disposed = 0;
    const container = createContainer();
    registerToolPlugin(
      container,
      plugin('from-container', BuildStep.Control, ['c_tool'], {
        dispose: () => {
          disposed++;
        },
      }),
    );
    const built = await buildToolRegistry({ container });
    expect(built.registry.getNames()).toEqual(['c_tool']);
    await built.dispose();
    expect(disposed).toBe(1);
  });
});
