import { describe, expect, it } from 'vitest';
import { createFileSystemTools } from '../create-file-system-tools';
import { loadPdfJs } from '../media/load-pdfjs';
import { makePdf } from '../testing/pdf-writer';
import { createTestWorkspace } from '../testing/test-workspace';

const report = makePdf([
  ['Quarterly report', 'Revenue grew (a lot).'],
  ['Page two: costs'],
  [],
  ['Appendix A'],
]);

describe('Read of a PDF', () => {
  it('returns the text page by page', async () => {
    const workspace = createTestWorkspace();
    workspace.write('report.pdf', report);
    const result = await workspace.registry.execute('1', 'Read', { path: 'report.pdf' });
    expect(result.isError).toBe(false);
    expect(result.parts).toBeUndefined();
    expect(result.content).toBe(
      [
        '"report.pdf": a PDF of 4 pages; showing pages 1-4.',
        '',
        '--- Page 1 ---\nQuarterly report\nRevenue grew (a lot).',
        '',
        '--- Page 2 ---\nPage two: costs',
        '',
        '--- Page 3 ---\n(no text on this page: it may be a scanned image or only drawings)',
        '',
        '--- Page 4 ---\nAppendix A',
      ].join('\n'),
    );
  });

  it('reads the pages asked for, and says when a page is past the end', async () => {
    const workspace = createTestWorkspace();
    workspace.write('docs/report.bin', report);
    const some = await workspace.call('Read', { path: 'docs/report.bin', pages: '4, 1-2' });
    expect(some.content).toBe(
      '"docs/report.bin": a PDF of 4 pages; showing pages 1-2,4.\n\n--- Page 1 ---\nQuarterly report\nRevenue grew (a lot).\n\n--- Page 2 ---\nPage two: costs\n\n--- Page 4 ---\nAppendix A',
    );
    const tail = await workspace.call('Read', { path: 'docs/report.bin', pages: '4-' });
    expect(tail.content).toContain('showing page 4.\n\n--- Page 4 ---\nAppendix A');
    const past = await workspace.call('Read', { path: 'docs/report.bin', pages: '2-7' });
    expect(past.isError).toBe(true);
    expect(past.errorCode).toBe('PAGE_OUT_OF_RANGE');
    expect(past.content).toContain(
      '"docs/report.bin" has 4 pages; page 7 is past its end. Ask for pages 1 to 4.',
    );
  });

  it('checks the pages parameter before opening the file', async () => {
    const workspace = createTestWorkspace();
    workspace.write('report.pdf', report);
    for (const [pages, problem] of [
      ['1-3;5', 'has "1-3;5", which is not a page number or range'],
      ['0-2', 'starts a range at page 0; the first page is 1'],
      ['5-2', 'has the range "5-2", which runs backwards'],
      [' , ', 'names no page'],
      ['1,,3', 'has an empty entry between commas'],
    ]) {
      const result = await workspace.call('Read', { path: 'missing.pdf', pages });
      expect(result.errorCode).toBe('INVALID_PAGES');
      expect(result.content).toContain(
        `pages "${pages}" ${problem}. Give pages as 1-based numbers and ranges separated by commas, such as "3", "1-3,5" or "10-"`,
      );
    }
    const ranged = await workspace.call('Read', { path: 'report.pdf', offset: 1, limit: 5 });
    expect(ranged.content).toContain(
      'offset and limit count lines of text files, and "report.pdf" is a PDF; choose pages with pages, such as "1-3"',
    );
  });

  it('shows at most pdfMaxPages pages per call and names the pages to ask for next', async () => {
    const pages = Array.from({ length: 7 }, (_, index) => [`Chapter ${index + 1}`]);
    const workspace = createTestWorkspace({}, { pdfMaxPages: 3 });
    workspace.write('book.pdf', makePdf(pages));
    const first = await workspace.call('Read', { path: 'book.pdf' });
    expect(first.content).toContain('"book.pdf": a PDF of 7 pages; showing pages 1-3.');
    expect(first.content).toContain('--- Page 3 ---\nChapter 3');
    expect(first.content).not.toContain('Chapter 4');
    expect(first.content).toContain(
      '(Showing 3 of the 7 pages in the file: Read shows at most 3 per call. Read on with pages="4-6".)',
    );
    const asked = await workspace.call('Read', { path: 'book.pdf', pages: '2-7' });
    expect(asked.content).toContain(
      '(Showing 3 of the 6 pages asked for: Read shows at most 3 per call. Read on with pages="5-7".)',
    );
  });

  it('says an encrypted PDF needs decrypting and a damaged one cannot be read', async () => {
    const workspace = createTestWorkspace();
    workspace.write('locked.pdf', makePdf([['secret']], { encrypt: true }));
    workspace.write('cut.pdf', report.subarray(0, 200));
    workspace.write('fake.pdf', Buffer.from([0, 1, 2, 3, 0, 0, 0, 9]));
    const locked = await workspace.call('Read', { path: 'locked.pdf' });
    expect(locked.errorCode).toBe('PDF_ENCRYPTED');
    expect(locked.content).toContain(
      '"locked.pdf" is an encrypted (password-protected) PDF; Read cannot open it. Decrypt a copy with the password first',
    );
    const cut = await workspace.call('Read', { path: 'cut.pdf' });
    expect(cut.errorCode).toBe('PDF_INVALID');
    expect(cut.content).toContain(
      '"cut.pdf" starts like a PDF but cannot be read as one (Invalid PDF structure); it may be cut short or damaged.',
    );
    const fake = await workspace.call('Read', { path: 'fake.pdf' });
    expect(fake.errorCode).toBe('PDF_INVALID');
    expect(fake.content).toContain('"fake.pdf" is named like a PDF, but it has no %PDF- header');
  });

  it('reports each page through onProgress while it reads', async () => {
    const workspace = createTestWorkspace();
    workspace.write('report.pdf', report);
    const read = createFileSystemTools({ workspaceRoot: workspace.root }).find(
      (tool) => tool.name === 'Read',
    )!;
    const reports: unknown[] = [];
    const output = await read.execute(
      { path: 'report.pdf', pages: '1,4' },
      {
        toolCallId: '1',
        signal: new AbortController().signal,
        onProgress: (message, progress) => reports.push([message, progress]),
      },
    );
    expect(output).toContain('--- Page 4 ---\nAppendix A');
    expect(reports).toEqual([
      ['read page 1 of "report.pdf"', { progress: 1, total: 2 }],
      ['read page 4 of "report.pdf"', { progress: 2, total: 2 }],
    ]);
  });

  it('says what to install when pdfjs-dist cannot be imported', async () => {
    const missing = loadPdfJs(() => import(`pdfjs-dist-${'not-installed'}` as string));
    await expect(missing).rejects.toMatchObject({
      code: 'DEPENDENCY_NOT_INSTALLED',
      message: expect.stringContaining(
        'Reading PDF files needs the pdfjs-dist package, which is not installed: install it beside @tinyelf/tool-fs (npm i pdfjs-dist@5.6.205',
      ),
    });
  });
});
