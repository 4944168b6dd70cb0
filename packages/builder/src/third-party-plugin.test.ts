import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBuilderConfig } from './config/load-builder-config';
import { buildToolRegistry } from './tool-registry-builder';

describe('a third-party plugin, by name from a config file', () => {
  it('loads tinyelf-plugin-git at its step, beside the file tools', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-third-party-')));
    execFileSync('git', ['-C', root, 'init', '-q', '-b', 'main']);
    writeFileSync(
      join(root, 'tinyelf.config.json'),
      JSON.stringify({ plugins: ['tinyelf-plugin-git', { package: '@tinyelf/tool-fs' }] }),
    );
    const { config } = await loadBuilderConfig({ folder: root });
    const built = await buildToolRegistry({ config });
    expect(built.registry.getNames()).toEqual([
      'Read',
      'Write',
      'Edit',
      'ListDir',
      'Glob',
      'Grep',
      'git_status',
      'git_diff',
      'git_log',
    ]);
    expect(built.diagnostics.plugins.map((entry) => [entry.plugin, entry.step])).toEqual([
      ['fileSystem', 'FileSystem'],
      ['tinyelf-plugin-git', 'Shell'],
    ]);
    expect(
      (await built.registry.execute('c', 'git_status', {}, { confirm: () => true })).content,
    ).toBe('## No commits yet on main\n?? tinyelf.config.json');
  });
});
