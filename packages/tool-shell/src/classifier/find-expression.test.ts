import { describe, expect, it } from 'vitest';
import {
  actionIsFiltered,
  expressionIsFiltered,
  findPrimaries,
  parseFind,
} from './find-expression';

function deleteFiltered(args: string[]): boolean {
  const find = parseFind(args);
  const action = findPrimaries(find).find(({ words }) => words[0] === '-delete')!;
  return actionIsFiltered(find, action.at);
}

describe('find expressions, read with find grammar', () => {
  it('reads options before the roots and the roots up to the expression', () => {
    expect(parseFind(['-L', '-O3', '/', '/etc', '-delete']).roots).toEqual(['/', '/etc']);
    expect(parseFind(['-delete']).roots).toEqual(['.']);
  });
  it('counts only tests that select some files, before the action, in its conjunction', () => {
    expect(deleteFiltered(['/', '-name', '*.pyc', '-delete'])).toBe(true);
    expect(deleteFiltered(['/', '-name', '*', '-delete'])).toBe(false);
    expect(deleteFiltered(['/', '-regex', '.*', '-delete'])).toBe(false);
    expect(deleteFiltered(['/', '-type', 'f', '-delete'])).toBe(false);
    expect(deleteFiltered(['/', '-delete', '-name', 'x'])).toBe(false);
    expect(deleteFiltered(['/', '!', '-name', 'x', '-delete'])).toBe(false);
    expect(deleteFiltered(['/', '-name', 'x', '-o', '-delete'])).toBe(false);
    expect(deleteFiltered(['/', '(', '-name', 'a', '-o', '-name', 'b', ')', '-delete'])).toBe(true);
    expect(deleteFiltered(['/', '(', '-name', 'a', '-o', '-type', 'f', ')', '-delete'])).toBe(
      false,
    );
  });
  it('knows when a listing prints only some files', () => {
    expect(expressionIsFiltered(parseFind(['/', '-name', '*.log']))).toBe(true);
    expect(expressionIsFiltered(parseFind(['/', '-name', '?*']))).toBe(false);
    expect(expressionIsFiltered(parseFind(['/']))).toBe(false);
  });
});
