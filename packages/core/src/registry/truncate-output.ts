import type { OutputKeep } from '../tool/tool';

/** What was kept of a long output, and what was cut. */
export interface TruncatedText {
  /** The kept start (empty when only the tail is kept). */
  readonly head: string;
  /** The kept end (empty when only the head is kept). */
  readonly tail: string;
  readonly cutCharacters: number;
  readonly totalCharacters: number;
  readonly cutLines: number;
  /** The 1-based line number where the cut part starts (for Read's offset). */
  readonly firstCutLine: number;
}

/**
 * Keeps `maxChars` characters of `content`: the start (`head`), the end (`tail`), or half of
 * each (`head-and-tail`). Each cut ends at a line break when there is one within the last fifth
 * of its window, so the model does not read half a line, and never splits a surrogate pair.
 */
export function truncateText(
  content: string,
  maxChars: number,
  keep: OutputKeep = 'head',
): TruncatedText {
  const budget = Math.max(0, maxChars);
  const headBudget = keep === 'head' ? budget : keep === 'tail' ? 0 : Math.ceil(budget / 2);
  const tailBudget = budget - headBudget;
  const end = headEnd(content, headBudget);
  const start = Math.max(end, tailStart(content, tailBudget));
  return {
    head: content.slice(0, end),
    tail: content.slice(start),
    cutCharacters: start - end,
    totalCharacters: content.length,
    cutLines: countLines(content, end, start),
    firstCutLine: countLines(content, 0, end) + (content[end - 1] === '\n' || end === 0 ? 1 : 0),
  };
}

function headEnd(content: string, budget: number): number {
  if (budget === 0) return 0;
  let end = budget;
  const lastBreak = content.lastIndexOf('\n', end - 1);
  if (lastBreak >= end * 0.8) end = lastBreak + 1;
  const code = content.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return end;
}

function tailStart(content: string, budget: number): number {
  if (budget === 0) return content.length;
  let start = content.length - budget;
  const nextBreak = content.indexOf('\n', start - 1);
  if (nextBreak !== -1 && nextBreak + 1 - start <= budget * 0.2) start = nextBreak + 1;
  const code = content.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start += 1;
  return start;
}

/** The lines touched by `content.slice(from, to)`: its line breaks, plus an unfinished last line. */
function countLines(content: string, from: number, to: number): number {
  if (to <= from) return 0;
  let lines = 0;
  for (let index = content.indexOf('\n', from); index !== -1 && index < to; ) {
    lines++;
    index = content.indexOf('\n', index + 1);
  }
  return content[to - 1] === '\n' ? lines : lines + 1;
}
