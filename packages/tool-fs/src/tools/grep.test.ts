import { describe, expect, it } from 'vitest';
import { createSearchFixture } from '../testing/search-fixture';

const paths = [
  ['ripgrep', {}],
  ['JavaScript', { ripgrep: false as const }],
] as const;

describe.each(paths)('Grep (%s path)', (_name, options) => {
  it('prints path:line:text grouped by file, skipping binary, ignored and linked-out files', async () => {
    const workspace = createSearchFixture(options);
    const result = await workspace.call('Grep', { pattern: 'TODO' });
    expect(result.content).toBe(
      [
        '9 matching lines in 7 files:',
        '.github/workflows/ci.yml:1:# TODO ci',
        '',
        'README.md:2:TODO: write docs',
        '',
        'docs/guide.md:2:with a TODO',
        '',
        'keep.log:1:TODO kept',
        '',
        'src/app.ts:2:// TODO: app',
        'src/app.ts:3:const TODO_LIST = [];',
        '',
        'src/nested/deep.ts:2:// TODO deep',
        'src/nested/deep.ts:5:// TODO deep again',
        '',
        'src/nested/important.log:1:TODO important',
      ].join('\n'),
    );
  });

  it('offers file names, counts, case-insensitivity, include globs and context lines', async () => {
    const workspace = createSearchFixture(options);
    expect(
      (
        await workspace.call('Grep', {
          pattern: 'todo',
          case_insensitive: true,
          output_mode: 'files_with_matches',
          include: '*.ts',
        })
      ).content,
    ).toBe('3 files match:\nsrc/app.ts\nsrc/nested/deep.ts\nsrc/util.ts');
    expect(
      (await workspace.call('Grep', { pattern: 'TODO', output_mode: 'count', path: 'src' }))
        .content,
    ).toBe(
      '5 matching lines in 3 files:\nsrc/app.ts:2\nsrc/nested/deep.ts:2\nsrc/nested/important.log:1',
    );
    expect(
      (await workspace.call('Grep', { pattern: 'deep$', path: 'src/nested', context: 1 })).content,
    ).toBe(
      '1 matching line in 1 file:\nsrc/nested/deep.ts-1-line one\nsrc/nested/deep.ts:2:// TODO deep\nsrc/nested/deep.ts-3-line three',
    );
  });

  it('searches a single file, treats option-shaped patterns literally, and caps with a note', async () => {
    const workspace = createSearchFixture({ ...options, grepMaxResults: 2 });
    expect(
      (await workspace.call('Grep', { pattern: 'TODO', path: 'src/nested/deep.ts' })).content,
    ).toBe(
      '2 matching lines in 1 file:\nsrc/nested/deep.ts:2:// TODO deep\nsrc/nested/deep.ts:5:// TODO deep again',
    );
    expect((await workspace.call('Grep', { pattern: '--file=/etc/passwd' })).content).toBe(
      'No matches for /--file=\\/etc\\/passwd/.'.replace('\\/etc\\/passwd', '/etc/passwd'),
    );
    const capped = await workspace.call('Grep', { pattern: 'TODO', path: 'src' });
    expect(capped.content).toContain('... 3 more matching lines not shown');
  });

  it('keeps a lone carriage return inside its line', async () => {
    const workspace = createSearchFixture(options);
    workspace.write('cr.txt', 'first\rneedle here\nsecond\r\n');
    expect((await workspace.call('Grep', { pattern: 'needle', path: 'cr.txt' })).content).toBe(
      '1 matching line in 1 file:\ncr.txt:1:first\rneedle here',
    );
  });

  it('explains an invalid regular expression', async () => {
    const workspace = createSearchFixture(options);
    const result = await workspace.call('Grep', { pattern: 'foo(' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('The pattern is not a valid regular expression');
  });
});
