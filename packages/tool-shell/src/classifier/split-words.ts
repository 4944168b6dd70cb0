/**
 * Splits a string into words the way `env -S` does: whitespace separates words, single and
 * double quotes group, a backslash escapes the next character.
 */
export function splitShellWords(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let started = false;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quote) {
      if (character === quote) quote = undefined;
      else if (character === '\\' && quote === '"' && index + 1 < text.length)
        current += text[++index];
      else current += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      started = true;
    } else if (character === '\\' && index + 1 < text.length) {
      current += text[++index];
      started = true;
    } else if (/\s/.test(character)) {
      if (started) words.push(current);
      current = '';
      started = false;
    } else {
      current += character;
      started = true;
    }
  }
  if (started) words.push(current);
  return words;
}
