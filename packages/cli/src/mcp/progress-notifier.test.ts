import { describe, expect, it } from 'vitest';
import { type ProgressParams, progressNotifier } from './progress-notifier';

function notifications(reports: [string, { progress: number; total?: number }?][]) {
  const sent: ProgressParams[] = [];
  const notify = progressNotifier((params) => sent.push(params));
  for (const [message, progress] of reports) notify(message, progress);
  return sent;
}

describe('progressNotifier', () => {
  it("sends the tool's counts from 0 on, and leaves out a report that would not rise", () => {
    expect(
      notifications([
        ['start', { progress: 0, total: 10 }],
        ['half', { progress: 5, total: 10 }],
        ['again', { progress: 5, total: 10 }],
        ['a line only'],
        ['done', { progress: 10, total: 10 }],
      ]),
    ).toEqual([
      { progress: 0, total: 10, message: 'start' },
      { progress: 5, total: 10, message: 'half' },
      { progress: 10, total: 10, message: 'done' },
    ]);
  });

  it('counts text-only reports, marked as counted, until the tool counts itself', () => {
    expect(
      notifications([['one'], ['two'], ['bytes', { progress: 2 }], ['more', { progress: 4000 }]]),
    ).toEqual([
      { progress: 1, message: 'one', _meta: { 'tinyelf/progressCounted': true } },
      { progress: 2, message: 'two', _meta: { 'tinyelf/progressCounted': true } },
      { progress: 4000, message: 'more' },
    ]);
  });
});
