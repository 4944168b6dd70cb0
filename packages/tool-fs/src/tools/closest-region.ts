/** Lines of a file most similar to a searched text, for "not found" messages. */
export interface ClosestRegion {
  readonly firstLine: number;
  readonly lines: readonly string[];
  readonly similarity: number;
}

const maximumLinesScanned = 20_000;

/**
 * Finds the window of lines in `fileLines` most similar to `searched` (compared line by line,
 * ignoring surrounding whitespace, with character-bigram similarity), or undefined if nothing is
 * similar at all.
 */
export function findClosestRegion(
  fileLines: readonly string[],
  searched: string,
): ClosestRegion | undefined {
  const wanted = searched.split('\n').map((line) => line.trim());
  const height = Math.max(1, wanted.length);
  const wantedBigrams = wanted.map(bigrams);
  let best: ClosestRegion | undefined;
  const limit = Math.min(fileLines.length, maximumLinesScanned);
  for (let start = 0; start + Math.min(height, fileLines.length) <= limit; start++) {
    let score = 0;
    for (let offset = 0; offset < height && start + offset < fileLines.length; offset++) {
      const line = fileLines[start + offset]!.trim();
      score += line === wanted[offset] ? 1 : dice(bigrams(line), wantedBigrams[offset]!);
    }
    const similarity = score / height;
    if (!best || similarity > best.similarity) {
      best = { firstLine: start + 1, lines: fileLines.slice(start, start + height), similarity };
    }
  }
  return best && best.similarity > 0.3 ? best : undefined;
}

function bigrams(text: string): Map<string, number> {
  const result = new Map<string, number>();
  for (let index = 0; index < text.length - 1; index++) {
    const pair = text.slice(index, index + 2);
    result.set(pair, (result.get(pair) ?? 0) + 1);
  }
  return result;
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let total = 0;
  let shared = 0;
  for (const count of a.values()) total += count;
  for (const [pair, count] of b) {
    total += count;
    shared += Math.min(count, a.get(pair) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}
