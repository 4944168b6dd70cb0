import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLUGIN_API_VERSION } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { buildToolRegistry } from './tool-registry-builder';

const workspace = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-entries-')));

describe('plugin entries of the configuration', () => {
  it('loads plugin packages named in configuration, and explains the ones it cannot use', async () => {
    const root = workspace();
    writeFileSync(
      join(root, 'good.mjs'),
      `export function createPlugin(options) { return { name: 'good', apiVersion: ${PLUGIN_API_VERSION}, step: 12, createTools: () => [{ name: 'good_tool', description: 'good ' + options.flavour, parameters: { type: 'object' }, execute: async () => 'ok' }] }; }`,
    );
    writeFileSync(
      join(root, 'old.mjs'),
      `export default { name: 'old', apiVersion: 0, createTools: () => [] };`,
    );
    writeFileSync(join(root, 'nothing.mjs'), 'export const value = 1;');
    const built = await buildToolRegistry({
      config: {
        workspaceRoot: root,
        plugins: [{ package: './good.mjs', options: { flavour: 'mint' } }],
      },
    });
    expect(built.registry.get('good_tool')?.description).toBe('good mint');
    // Not required: each bad entry is a failed diagnostic, and the rest builds.
    const partial = await buildToolRegistry({
      config: {
        workspaceRoot: root,
        plugins: ['tinyelf-plugin-missing', './nothing.mjs', './old.mjs', './good.mjs'],
      },
    });
    expect(partial.registry.getNames()).toEqual(['good_tool']);
    expect(
      partial.diagnostics.plugins.map(({ plugin, status, reason }) => ({ plugin, status, reason })),
    ).toEqual([
      {
        plugin: 'tinyelf-plugin-missing',
        status: 'failed',
        reason: `The plugin package "tinyelf-plugin-missing" is not installed (looked in node_modules of ${root} and beside the tinyelf command). Install it (npm install tinyelf-plugin-missing) or remove it from the configuration's plugins.`,
      },
      {
        plugin: './nothing.mjs',
        status: 'failed',
        reason:
          '"./nothing.mjs" is not a TinyElf plugin package: it exports none of createPlugins, createPlugin, plugins or default.',
      },
      {
        plugin: './old.mjs',
        status: 'failed',
        reason: `"old" from "./old.mjs" is not a valid TinyElf plugin: it implements plugin API version 0, but this @tinyelf/core implements version ${PLUGIN_API_VERSION}; use a version of the plugin built for it.`,
      },
      { plugin: 'good', status: 'added', reason: undefined },
    ]);
    // Required: every bad entry is named at once, and nothing starts.
    await expect(
      buildToolRegistry({
        config: {
          workspaceRoot: root,
          plugins: [
            { package: 'tinyelf-plugin-missing', required: true },
            { package: './absent.mjs', required: true },
          ],
        },
      }),
    ).rejects.toThrowError(
      `the configuration is not valid (2 problems):\n- plugins.0 ("tinyelf-plugin-missing", required): The plugin package "tinyelf-plugin-missing" is not installed (looked in node_modules of ${root} and beside the tinyelf command). Install it (npm install tinyelf-plugin-missing) or remove it from the configuration's plugins.\n- plugins.1 ("./absent.mjs", required): The plugin file "./absent.mjs" does not exist (looked for ${join(root, 'absent.mjs')}; a relative path is taken from the configuration file's folder).`,
    );
  });

  it('fails the build for a required plugin that fails', async () => {
    const root = workspace();
    writeFileSync(
      join(root, 'needed.mjs'),
      `export default { name: 'needed', apiVersion: ${PLUGIN_API_VERSION}, createTools: () => { throw new Error('cannot start'); } };`,
    );
    await expect(
      buildToolRegistry({
        config: { workspaceRoot: root, plugins: [{ package: './needed.mjs', required: true }] },
      }),
    ).rejects.toThrowError('The required plugin "needed" failed: cannot start');
  });
});
