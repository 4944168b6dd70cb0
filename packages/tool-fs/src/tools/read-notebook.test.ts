import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../binary-detection';
import { makePng } from '../testing/image-writer';
import { createTestWorkspace } from '../testing/test-workspace';

const plot = makePng(32, 24);
const notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: 'python3', language: 'python' } },
  cells: [
    { cell_type: 'markdown', metadata: {}, source: ['# Sales\n', 'A look at the numbers.'] },
    {
      cell_type: 'code',
      execution_count: 1,
      metadata: {},
      source: 'print("hello")\n6 * 7',
      outputs: [
        { output_type: 'stream', name: 'stdout', text: ['hello\n'] },
        {
          output_type: 'execute_result',
          execution_count: 1,
          metadata: {},
          data: { 'text/plain': '42' },
        },
      ],
    },
    {
      cell_type: 'code',
      execution_count: 2,
      metadata: {},
      source: ['plt.plot(x)'],
      outputs: [
        {
          output_type: 'display_data',
          metadata: {},
          data: {
            'image/png': `${plot.toString('base64').slice(0, 40)}\n${plot.toString('base64').slice(40)}`,
            'text/plain': ['<Figure size 640x480 with 1 Axes>'],
          },
        },
      ],
    },
    {
      cell_type: 'code',
      execution_count: 3,
      metadata: {},
      source: '1 / 0',
      outputs: [
        {
          output_type: 'error',
          ename: 'ZeroDivisionError',
          evalue: 'division by zero',
          traceback: [
            '\u001b[0;31m---------------------------------------------------------------------------\u001b[0m',
            '\u001b[0;31mZeroDivisionError\u001b[0m                         Traceback (most recent call last)',
            'Cell \u001b[0;32mIn[3], line 1\u001b[0m\n\u001b[0;32m----> 1\u001b[0m \u001b[38;5;241m1\u001b[39m \u001b[38;5;241m/\u001b[39m \u001b[38;5;241m0\u001b[39m',
          ],
        },
      ],
    },
    { cell_type: 'code', execution_count: null, metadata: {}, source: [], outputs: [] },
  ],
};

describe('Read of a Jupyter notebook', () => {
  it('returns the cells in order with their outputs, and image outputs as image parts', async () => {
    const workspace = createTestWorkspace({ 'sales.ipynb': JSON.stringify(notebook, null, 1) });
    const result = await workspace.registry.execute('1', 'Read', { path: 'sales.ipynb' });
    expect(result.isError).toBe(false);
    expect(result.parts).toEqual([
      {
        type: 'text',
        text: [
          '"sales.ipynb": a Jupyter notebook (python) with 5 cells.',
          '',
          '[cell 1: markdown]',
          '# Sales\nA look at the numbers.',
          '',
          '[cell 2: code, run 1]',
          'print("hello")\n6 * 7',
          '[output: stdout]',
          'hello',
          '[output: result]',
          '42',
          '',
          '[cell 3: code, run 2]',
          'plt.plot(x)',
          '[output: display]',
          '<Figure size 640x480 with 1 Axes>',
          `(image/png image of cell 3, 32×24 px, ${formatBytes(plot.length)}:)`,
        ].join('\n'),
      },
      { type: 'image', data: plot.toString('base64'), mimeType: 'image/png' },
      {
        type: 'text',
        text: [
          '',
          '[cell 4: code, run 3]',
          '1 / 0',
          '[output: error]',
          'ZeroDivisionError: division by zero',
          '---------------------------------------------------------------------------',
          'ZeroDivisionError                         Traceback (most recent call last)',
          'Cell In[3], line 1',
          '----> 1 1 / 0',
          '',
          '[cell 5: code]',
          '(empty)',
        ].join('\n'),
      },
    ]);
    expect(result.content).toContain(`\n[image: image/png, ${plot.length} bytes]\n`);
  });

  it('returns plain text for a notebook without images, and records the read for Edit', async () => {
    const textOnly = { ...notebook, cells: notebook.cells.slice(0, 2) };
    const workspace = createTestWorkspace({ 'short.ipynb': JSON.stringify(textOnly) });
    const result = await workspace.call('Read', { path: 'short.ipynb' });
    expect(result.parts).toBeUndefined();
    expect(result.content).toContain(
      '[cell 2: code, run 1]\nprint("hello")\n6 * 7\n[output: stdout]',
    );
    writeFileSync(join(workspace.root, 'short.ipynb'), JSON.stringify(textOnly, null, 2));
    const edit = await workspace.call('Edit', {
      path: 'short.ipynb',
      old_string: '"nbformat": 4',
      new_string: '"nbformat": 5',
    });
    expect(edit.errorCode).toBe('FILE_CHANGED_ON_DISK');
  });

  it('shows images only up to imageMaxBytes in all, and describes the rest', async () => {
    const image = (png: Buffer) => ({
      output_type: 'display_data',
      metadata: {},
      data: { 'image/png': png.toString('base64') },
    });
    const small = makePng(8, 8);
    const plots = {
      ...notebook,
      cells: [
        {
          cell_type: 'code',
          execution_count: 1,
          metadata: {},
          source: 'plots()',
          outputs: [image(plot), image(plot), image(small)],
        },
      ],
    };
    const limit = plot.length * 2 - 1;
    const workspace = createTestWorkspace(
      { 'plots.ipynb': JSON.stringify(plots) },
      { imageMaxBytes: limit },
    );
    const result = await workspace.call('Read', { path: 'plots.ipynb' });
    expect(result.parts?.filter((part) => part.type === 'image')).toHaveLength(2);
    expect(result.content).toContain(
      `(image/png image of cell 1, 32×24 px, ${formatBytes(plot.length)}: not shown, it would bring this call's images over the ${formatBytes(limit)} Read returns at once; save it to a file and Read that)`,
    );
    expect(result.content).toContain(
      `(image/png image of cell 1, 8×8 px, ${formatBytes(small.length)}:)`,
    );
  });

  it('says a notebook that is not JSON, or has no cells, cannot be shown, and how to see it', async () => {
    const workspace = createTestWorkspace({
      'broken.ipynb': '{"cells": [ {"cell_type": "code", ',
      'old.ipynb': JSON.stringify({ nbformat: 3, worksheets: [{ cells: [] }] }),
      'list.ipynb': '[1, 2]',
    });
    const broken = await workspace.call('Read', { path: 'broken.ipynb' });
    expect(broken.errorCode).toBe('NOTEBOOK_INVALID');
    expect(broken.content).toMatch(
      /^Error: "broken\.ipynb" is not a Jupyter notebook Read can show: it is not valid JSON \(.+\)\. Read it as plain text with offset=1 and limit=2000 to see what it holds\./,
    );
    expect((await workspace.call('Read', { path: 'old.ipynb' })).content).toContain(
      'it is in the old nbformat 3 (Read shows nbformat 4; convert it with jupyter nbconvert --to notebook)',
    );
    expect((await workspace.call('Read', { path: 'list.ipynb' })).content).toContain(
      'its JSON is not an object',
    );
    const raw = await workspace.call('Read', { path: 'broken.ipynb', offset: 1, limit: 5 });
    expect(raw.content).toBe('     1\t{"cells": [ {"cell_type": "code", ');
  });
});
