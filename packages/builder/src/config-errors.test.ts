import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BuildStep, PLUGIN_API_VERSION, type ToolPlugin } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import type { BuilderConfig } from './config/builder-config';
import { buildToolRegistry } from './tool-registry-builder';

const workspace = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-config-')));

/** A plugin that records whether the build asked it anything: a refused build must not. */
function watched(): { plugin: ToolPlugin; ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    plugin: {
      name: 'watched',
      apiVersion: PLUGIN_API_VERSION,
      step: BuildStep.Control,
      isEligible: () => {
        ran.push('isEligible');
        return true;
      },
      createTools: () => {
        ran.push('createTools');
        return [];
      },
    },
  };
}

/** Builds with the shell and file plugins plus a watched one; returns the refusal's message. */
async function refusal(config: BuilderConfig, agent?: string): Promise<string> {
  const { plugin, ran } = watched();
  const message = await buildToolRegistry({
    config: { workspaceRoot: workspace(), plugins: ['@tinyelf/tool-shell'], ...config },
    plugins: [plugin],
    agent: agent ? { name: agent } : undefined,
  }).then(
    () => 'built',
    (error: Error) => error.message,
  );
  expect(ran).toEqual([]);
  return message;
}

describe('a configuration with mistakes is refused before anything starts, every mistake named', () => {
  it('a misspelt top-level key: "plugin" for "plugins"', async () => {
    expect(await refusal({ plugin: ['@tinyelf/tool-fs'] })).toBe(
      'the configuration is not valid (1 problem):\n- plugin: unknown key (did you mean "plugins"?)',
    );
  });

  it('a sandbox value that is not one of the documented ones', async () => {
    expect(await refusal({ shell: { sandbox: 'bwrap' } })).toBe(
      'the configuration is not valid (1 problem):\n- shell.sandbox must be one of "auto", "bubblewrap", "none"; got "bwrap"',
    );
  });

  it('a number given as words, and a misspelt key inside a plugin section', async () => {
    expect(await refusal({ shell: { execTimeout: 'soon', alowNetwork: true } })).toBe(
      'the configuration is not valid (2 problems):\n- shell.execTimeout must be a whole number; got "soon"\n- shell.alowNetwork: unknown key (did you mean "allowNetwork"?)',
    );
  });

  it('a misspelt agent setting, and a permission mode in the wrong case', async () => {
    expect(
      await refusal({
        agents: { main: { allowedTool: ['Read'], permissionMode: 'acceptedits' } } as never,
      }),
    ).toBe(
      'the configuration is not valid (2 problems):\n- agents.main.allowedTool: unknown key (did you mean "allowedTools"?)\n- agents.main.permissionMode must be one of "default", "acceptEdits", "plan", "bypassPermissions"; got "acceptedits"',
    );
  });

  it('a misspelt key in a plugin entry, shown whole', async () => {
    expect(
      await refusal({ plugins: [{ package: '@tinyelf/tool-shell', requierd: true } as never] }),
    ).toBe(
      'the configuration is not valid (1 problem):\n- plugins.0.requierd: unknown key (did you mean "required"?)',
    );
  });

  it('a workspaceRoot that does not exist, or is a file', async () => {
    const root = workspace();
    writeFileSync(join(root, 'file.txt'), 'x');
    expect(await refusal({ workspaceRoot: join(root, 'missing') })).toBe(
      `the configuration is not valid (1 problem):\n- workspaceRoot "${join(root, 'missing')}" does not exist; give an existing folder`,
    );
    expect(await refusal({ workspaceRoot: join(root, 'file.txt') })).toBe(
      `the configuration is not valid (1 problem):\n- workspaceRoot "${join(root, 'file.txt')}" is not a folder; give an existing folder`,
    );
  });

  it('an agent that is not configured', async () => {
    expect(await refusal({ agents: { reviewer: { allowedTools: ['Read'] } } }, 'nobody')).toBe(
      'the configuration is not valid (1 problem):\n- the agent "nobody" is not configured; the agents are main, reviewer (add it under "agents" to use it)',
    );
  });

  it('all of them at once', async () => {
    const message = await refusal({
      plugin: [],
      shell: { sandbox: 'bwrap', execTimeout: 'soon' },
      onConflict: 'merge' as never,
    });
    expect(message.split('\n')).toEqual([
      'the configuration is not valid (4 problems):',
      '- plugin: unknown key (did you mean "plugins"?)',
      '- shell.sandbox must be one of "auto", "bubblewrap", "none"; got "bwrap"',
      '- shell.execTimeout must be a whole number; got "soon"',
      '- onConflict must be one of "keep-first", "error"; got "merge"',
    ]);
  });

  it('a third-party plugin’s section is checked against its configSchema', async () => {
    const { plugin, ran } = watched();
    const git: ToolPlugin = {
      name: 'git',
      apiVersion: PLUGIN_API_VERSION,
      configKey: 'git',
      configSchema: {
        type: 'object',
        properties: { remote: { type: 'string' }, depth: { type: 'integer' } },
      },
      createTools: () => [],
    };
    const error = await buildToolRegistry({
      config: { workspaceRoot: workspace(), plugins: [], git: { remote: 'origin', dept: 1 } },
      plugins: [git, plugin],
    }).catch((failure: Error) => failure.message);
    expect(error).toBe(
      'the configuration is not valid (1 problem):\n- git.dept: unknown key (did you mean "depth"?)',
    );
    expect(ran).toEqual([]);
    const built = await buildToolRegistry({
      config: { workspaceRoot: workspace(), plugins: [], git: { remote: 'origin', depth: 1 } },
      plugins: [git, plugin],
    });
    expect(ran).toEqual(['isEligible', 'createTools']);
    await built.dispose();
  });
});
