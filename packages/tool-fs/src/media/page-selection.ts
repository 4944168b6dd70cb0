import { TinyElfError } from '@tinyelf/core';

/** One range of a `pages` parameter: `first` to `last` (1-based), `last` open for "5-". */
export interface PageRange {
  /** The first page of the range. */
  readonly first: number;
  /** The last page, or undefined for "to the end". */
  readonly last?: number;
}

const RANGE = /^(\d+)(?:\s*-\s*(\d*))?$/;

/**
 * Parses a `pages` parameter such as `"1-3,5"` or `"10-"` (1-based, ranges and single pages
 * separated by commas). Throws `INVALID_PAGES` saying what is wrong and what is allowed.
 */
export function parsePageSelection(pages: string): readonly PageRange[] {
  const invalid = (problem: string): never => {
    throw new TinyElfError({
      code: 'INVALID_PAGES',
      message: `pages "${pages}" ${problem}. Give pages as 1-based numbers and ranges separated by commas, such as "3", "1-3,5" or "10-" (page 10 to the end).`,
    });
  };
  const pieces = pages.split(',').map((piece) => piece.trim());
  if (pieces.every((piece) => piece === '')) invalid('names no page');
  return pieces.map((piece) => {
    if (piece === '') return invalid('has an empty entry between commas');
    const match = RANGE.exec(piece);
    if (!match) return invalid(`has "${piece}", which is not a page number or range`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : match[2] === '' ? undefined : Number(match[2]);
    if (first < 1) invalid('starts a range at page 0; the first page is 1');
    if (last !== undefined && last < first)
      invalid(`has the range "${piece}", which runs backwards`);
    return last === undefined ? { first } : { first, last };
  });
}

/**
 * The page numbers a selection names in a document of `pageCount` pages, in order and without
 * repeats. Throws `PAGE_OUT_OF_RANGE` with the page count when a page is past the end.
 */
export function selectedPages(
  ranges: readonly PageRange[],
  pageCount: number,
  path: string,
): number[] {
  const pages = new Set<number>();
  for (const { first, last } of ranges) {
    const end = last ?? pageCount;
    if (first > pageCount || end > pageCount) {
      throw new TinyElfError({
        code: 'PAGE_OUT_OF_RANGE',
        message: `"${path}" has ${pageCount} page${pageCount === 1 ? '' : 's'}; page ${first > pageCount ? first : end} is past its end. Ask for pages 1 to ${pageCount}.`,
      });
    }
    for (let page = first; page <= end; page++) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}

/** Page numbers written back as a `pages` parameter: `[1, 2, 3, 5]` is `"1-3,5"`. */
export function formatPages(pages: readonly number[]): string {
  const ranges: string[] = [];
  let start = 0;
  for (let index = 1; index <= pages.length; index++) {
    if (index < pages.length && pages[index] === pages[index - 1]! + 1) continue;
    const first = pages[start]!;
    const last = pages[index - 1]!;
    ranges.push(first === last ? `${first}` : `${first}-${last}`);
    start = index;
  }
  return ranges.join(',');
}
