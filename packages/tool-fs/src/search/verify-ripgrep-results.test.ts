import { join } from 'node:path';
import { WorkspaceGuard } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/test-workspace';
import type { SearchResults } from './search-results';
import { hashLine, verifyRipgrepResults } from './verify-ripgrep-results';

/** What ripgrep might report: per file, numbered lines (shown) and hashed match lines (not shown). */
function reported(
  entries: Record<string, { lines: Record<number, string>; unshown?: Record<number, string> }>,
): SearchResults {
  return new Map(
    Object.entries(entries).map(([file, { lines, unshown }]) => [
      file,
      {
        lines: new Map(
          Object.entries(lines).map(([number, text]) => [Number(number), { text, isMatch: true }]),
        ),
        matchCount: Object.keys(lines).length + Object.keys(unshown ?? {}).length,
        unshownMatches: unshown
          ? new Map(
              Object.entries(unshown).map(([number, text]) => [Number(number), hashLine(text)]),
            )
          : undefined,
      },
    ]),
  );
}

describe('verifyRipgrepResults', () => {
  it('keeps files whose reported lines are what they hold, and drops the others', () => {
    const workspace = createTestWorkspace({
      'a.txt': 'one needle\ntwo\r\nthree needle\n',
      'sub/b.txt': 'needle b',
      'sub/c.txt': 'needle c\n',
    });
    const guard = new WorkspaceGuard({ workspaceRoot: workspace.root });
    const at = (path: string) => join(workspace.root, path);
    const hardLinked: string[] = [];
    const kept = verifyRipgrepResults(
      reported({
        [at('a.txt')]: { lines: { 1: 'one needle' }, unshown: { 3: 'three needle' } },
        [at('sub/b.txt')]: { lines: { 1: 'needle b' } },
        // What an outside file with the same name held, read through a swapped folder:
        [at('sub/c.txt')]: { lines: { 1: 'needle OUTSIDE-SECRET' } },
        [at('gone/d.txt')]: { lines: { 1: 'needle d' } },
        [join(workspace.outside, 'e.txt')]: { lines: { 1: 'needle e' } },
      }),
      guard,
      hardLinked,
    );
    expect([...kept.keys()]).toEqual([at('a.txt'), at('sub/b.txt')]);
    expect(hardLinked).toEqual([]);
  });

  it('drops a file when a match line it does not show differs (a count from elsewhere)', () => {
    const workspace = createTestWorkspace({ 'a.txt': 'needle\nneedle\n' });
    const guard = new WorkspaceGuard({ workspaceRoot: workspace.root });
    const file = join(workspace.root, 'a.txt');
    const results = reported({ [file]: { lines: { 1: 'needle' }, unshown: { 2: 'needle x' } } });
    expect(verifyRipgrepResults(results, guard, []).size).toBe(0);
    const right = reported({ [file]: { lines: { 1: 'needle' }, unshown: { 2: 'needle' } } });
    expect(verifyRipgrepResults(right, guard, []).get(file)?.matchCount).toBe(2);
  });

  it('checks lines far into a file, across read chunks', () => {
    const lines = Array.from({ length: 20_000 }, (_, index) => `line ${index + 1}`);
    const workspace = createTestWorkspace({ 'big.txt': `${lines.join('\n')}\n` });
    const guard = new WorkspaceGuard({ workspaceRoot: workspace.root });
    const file = join(workspace.root, 'big.txt');
    const ok = reported({ [file]: { lines: { 12345: 'line 12345', 19999: 'line 19999' } } });
    expect(verifyRipgrepResults(ok, guard, []).size).toBe(1);
    const wrong = reported({ [file]: { lines: { 12345: 'line 12346' } } });
    expect(verifyRipgrepResults(wrong, guard, []).size).toBe(0);
  });
});
