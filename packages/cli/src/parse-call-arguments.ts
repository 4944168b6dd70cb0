/**
 * The arguments of `tinyelf call`: one JSON object, or `key=value` words (values that parse as
 * JSON are taken as such: numbers, booleans, arrays; the rest are strings).
 */
export function parseCallArguments(words: readonly string[]): Record<string, unknown> {
  if (words.length === 0) return {};
  if (words.length === 1 && words[0]!.trim().startsWith('{')) {
    try {
      return JSON.parse(words[0]!) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`The arguments are not valid JSON: ${(error as Error).message}.`);
    }
  }
  const args: Record<string, unknown> = {};
  for (const word of words) {
    const split = word.indexOf('=');
    if (split <= 0)
      throw new Error(`"${word}" is not key=value; give a JSON object or key=value pairs.`);
    const value = word.slice(split + 1);
    try {
      args[word.slice(0, split)] = JSON.parse(value);
    } catch {
      args[word.slice(0, split)] = value;
    }
  }
  return args;
}
