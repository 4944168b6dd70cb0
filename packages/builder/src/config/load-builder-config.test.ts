import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefaultPlugins } from '../plugins/default-plugins';
import { firstPartyPackages } from '../plugins/first-party-packages';
import { builderConfigSchema } from './builder-config-schema';
import { loadBuilderConfig } from './load-builder-config';

const folder = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-config-')));

describe('loadBuilderConfig', () => {
  it('uses the defaults without a file', async () => {
    const root = folder();
    expect(await loadBuilderConfig({ folder: root })).toEqual({ config: { workspaceRoot: root } });
  });

  it('reads tinyelf.config.json and tinyelf.config.mjs, the workspace relative to the file', async () => {
    const root = folder();
    writeFileSync(
      join(root, 'tinyelf.config.json'),
      JSON.stringify({
        workspaceRoot: 'app',
        plugins: ['@tinyelf/tool-fs'],
        shell: { execTimeout: 5000 },
      }),
    );
    expect(await loadBuilderConfig({ folder: root })).toEqual({
      file: join(root, 'tinyelf.config.json'),
      config: {
        workspaceRoot: join(root, 'app'),
        plugins: ['@tinyelf/tool-fs'],
        shell: { execTimeout: 5000 },
      },
    });
    const other = folder();
    writeFileSync(
      join(other, 'tinyelf.config.mjs'),
      "export default { policy: { safeTools: ['Read'] } };",
    );
    expect((await loadBuilderConfig({ folder: other })).config).toEqual({
      workspaceRoot: other,
      policy: { safeTools: ['Read'] },
    });
  });

  it('refuses bad configuration naming every problem', async () => {
    const root = folder();
    writeFileSync(
      join(root, 'tinyelf.config.json'),
      JSON.stringify({
        plugins: [{ pkg: 'x' }, 7],
        onConflict: 'merge',
        policy: { safeTools: 'Read' },
      }),
    );
    const error = await loadBuilderConfig({ folder: root }).catch(
      (failure: Error) => failure.message,
    );
    expect(error).toBe(
      `${join(root, 'tinyelf.config.json')} is not valid (5 problems):\n- plugins.0.package is required\n- plugins.0.pkg: unknown key; the keys allowed here are package, options, required\n- plugins.1 must be a string or an object; got 7\n- onConflict must be one of "keep-first", "error"; got "merge"\n- policy.safeTools must be a list or an object; got "Read"`,
    );
    writeFileSync(join(root, 'tinyelf.config.json'), '{ not json');
    await expect(loadBuilderConfig({ folder: root })).rejects.toThrowError(
      /tinyelf\.config\.json cannot be read/,
    );
  });

  it('publishes the JSON Schema editors complete from', async () => {
    const { $schema, ...published } = JSON.parse(
      readFileSync(new URL('../../tinyelf.config.schema.json', import.meta.url), 'utf8'),
    );
    expect($schema).toBe('http://json-schema.org/draft-07/schema#');
    // Regenerate with `node write-schema.mjs` after a build when this fails.
    // Every first-party package, whether or not it is among the defaults.
    const { plugins, missing } = await loadDefaultPlugins(Object.keys(firstPartyPackages));
    expect(missing).toEqual([]);
    const sections = Object.fromEntries(
      plugins.flatMap((plugin) =>
        plugin.configKey ? [[plugin.configKey, plugin.configSchema]] : [],
      ),
    );
    expect(Object.keys(sections).sort()).toEqual([
      'fileSystem',
      'mcp',
      'remote',
      'sessions',
      'shell',
      'skills',
      'webFetch',
      'webSearch',
    ]);
    expect(published).toEqual(JSON.parse(JSON.stringify(await builderConfigSchema(sections))));
    expect(published.properties.shell.properties.sandbox.enum).toEqual([
      'auto',
      'bubblewrap',
      'none',
    ]);
    expect(published.properties.remote.required).toEqual(['url']);
  });
});

describe('a TypeScript configuration', () => {
  it('says, in plain Node, how to load it (vitest itself imports TypeScript, so this runs the built package in node)', () => {
    const root = folder();
    writeFileSync(
      join(root, 'tinyelf.config.ts'),
      'const config: { plugins: string[] } = { plugins: [] };\nexport default config;\n',
    );
    const dist = new URL('../../dist/index.js', import.meta.url).href;
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { loadBuilderConfig } = await import(${JSON.stringify(dist)}); await loadBuilderConfig({ folder: ${JSON.stringify(root)} });`,
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(
      /is TypeScript, which this Node cannot import by itself: run with a TypeScript loader \(node --import tsx\) or rename it to tinyelf\.config\.mjs/,
    );
  });
});
