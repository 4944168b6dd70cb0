/** A line shortened to `maxLength` characters, with how much was left out. */
export function shortenLine(line: string, maxLength: number): string {
  if (line.length <= maxLength) return line;
  return `${line.slice(0, maxLength)}… [line cut: ${line.length - maxLength} more characters]`;
}

/** Lines numbered the way `cat -n` does: the number right-aligned in 6 columns, then a tab. */
export function numberLines(
  lines: readonly string[],
  firstLine: number,
  maxLength: number,
): string {
  return lines
    .map(
      (line, index) => `${String(firstLine + index).padStart(6)}\t${shortenLine(line, maxLength)}`,
    )
    .join('\n');
}
