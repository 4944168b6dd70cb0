/** The head of a long output, cut at a line boundary when one is near. */
export interface TruncatedText {
  readonly text: string;
  readonly cutCharacters: number;
  readonly totalCharacters: number;
  readonly cutLines: number;
}

/**
 * Keeps the first `maxChars` characters of `content`, ending at the last line break in the final
 * fifth of that window when there is one, so the model does not read half a line.
 */
export function truncateText(content: string, maxChars: number): TruncatedText {
  let end = Math.max(0, maxChars);
  const lastBreak = content.lastIndexOf('\n', end - 1);
  if (lastBreak >= end * 0.8) end = lastBreak + 1;
  // Do not split a surrogate pair.
  const code = content.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const text = content.slice(0, end);
  return {
    text,
    cutCharacters: content.length - end,
    totalCharacters: content.length,
    cutLines: countLines(content, end),
  };
}

function countLines(content: string, from: number): number {
  let lines = 0;
  let index = content.indexOf('\n', from);
  while (index !== -1) {
    lines++;
    index = content.indexOf('\n', index + 1);
  }
  return content.endsWith('\n') || from >= content.length ? lines : lines + 1;
}
