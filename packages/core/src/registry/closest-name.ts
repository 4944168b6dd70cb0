/**
 * The candidate closest to `name` by edit distance (case-insensitive), or undefined when none is
 * close enough to be a plausible typo (more than a third of the name would have to change).
 */
export function findClosestName(name: string, candidates: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const distance =
      lower.includes(wanted) || wanted.includes(lower) ? 0.5 : editDistance(wanted, lower);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  const allowed = Math.max(2, Math.ceil(name.length / 3));
  return best !== undefined && bestDistance <= allowed && wanted.length > 0 ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}
