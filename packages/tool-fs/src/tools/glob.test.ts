import { describe, expect, it } from 'vitest';
import { createSearchFixture } from '../testing/search-fixture';

describe.each([
  ['ripgrep', {}],
  ['JavaScript', { ripgrep: false as const }],
])('Glob (%s path)', (_name, options) => {
  it('finds files newest first, relative to the workspace, skipping ignored ones', async () => {
    const workspace = createSearchFixture(options);
    const result = await workspace.call('Glob', { pattern: '**/*.ts' });
    expect(result.content).toBe(
      '3 files match "**/*.ts" (newest first):\nsrc/app.ts\nsrc/util.ts\nsrc/nested/deep.ts',
    );
  });

  it('honours .gitignore re-includes, hidden files, and never lists .git, node_modules or symlinked folders', async () => {
    const workspace = createSearchFixture(options);
    const result = await workspace.call('Glob', { pattern: '**/*' });
    const files = result.content.split('\n').slice(1).sort();
    expect(files).toEqual([
      '.github/workflows/ci.yml',
      '.gitignore',
      'README.md',
      'data.bin',
      'docs/guide.md',
      'keep.log',
      'src/app.ts',
      'src/nested/.gitignore',
      'src/nested/deep.ts',
      'src/nested/important.log',
      'src/util.ts',
    ]);
  });

  it('searches below path, and caps the results with a note', async () => {
    const workspace = createSearchFixture({ ...options, globMaxResults: 2 });
    expect((await workspace.call('Glob', { pattern: '*.ts', path: 'src' })).content).toBe(
      '2 files match "*.ts" (newest first):\nsrc/app.ts\nsrc/util.ts',
    );
    const capped = await workspace.call('Glob', { pattern: '**/*.ts' });
    expect(capped.content).toContain(
      'src/util.ts\n... and 1 more files (not shown; narrow the pattern or the path).',
    );
  });

  it('says when nothing matches, and refuses patterns that leave the folder', async () => {
    const workspace = createSearchFixture(options);
    expect((await workspace.call('Glob', { pattern: '**/*.py' })).content).toBe(
      'No files match "**/*.py" in ..',
    );
    expect((await workspace.call('Glob', { pattern: '../*' })).content).toContain('contains ".."');
    expect((await workspace.call('Glob', { pattern: '/etc/*' })).content).toContain(
      'must be relative',
    );
  });
});
