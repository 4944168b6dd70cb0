const maximumResults = 64;

/**
 * Expands brace lists and sequences the way bash does before any other expansion
 * (`/{etc,usr}` is `/etc /usr`, `{1..3}` is `1 2 3`, `{a..c}` is `a b c`), at most 64 words.
 * Characters that were quoted are expected to be protected by the caller.
 */
export function expandBraces(value: string): string[] {
  const results: string[] = [];
  const pending = [value];
  while (pending.length > 0 && results.length + pending.length <= maximumResults) {
    const current = pending.shift()!;
    const group = findBraceGroup(current);
    if (!group) {
      results.push(current);
      continue;
    }
    for (const alternative of group.alternatives)
      pending.push(current.slice(0, group.start) + alternative + current.slice(group.end + 1));
  }
  return results.concat(pending);
}

interface BraceGroup {
  readonly start: number;
  readonly end: number;
  readonly alternatives: string[];
}

function findBraceGroup(value: string): BraceGroup | undefined {
  for (let start = value.indexOf('{'); start !== -1; start = value.indexOf('{', start + 1)) {
    if (value[start - 1] === '$') continue;
    let depth = 0;
    const cuts: number[] = [];
    for (let index = start; index < value.length; index++) {
      const character = value[index];
      if (character === '{') depth++;
      else if (character === '}') {
        depth--;
        if (depth !== 0) continue;
        if (cuts.length === 0) {
          const sequence = expandSequence(value.slice(start + 1, index));
          if (sequence) return { start, end: index, alternatives: sequence };
          break;
        }
        const bounds = [start, ...cuts, index];
        const alternatives = bounds
          .slice(0, -1)
          .map((cut, position) => value.slice(cut + 1, bounds[position + 1]));
        return { start, end: index, alternatives };
      } else if (character === ',' && depth === 1) cuts.push(index);
    }
  }
  return undefined;
}

function expandSequence(body: string): string[] | undefined {
  const numeric = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(body);
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  const match = numeric ?? letters;
  if (!match) return undefined;
  const from = numeric ? Number(match[1]) : match[1]!.charCodeAt(0);
  const to = numeric ? Number(match[2]) : match[2]!.charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(match[3] ?? 1)));
  const values: string[] = [];
  const direction = from <= to ? 1 : -1;
  for (
    let current = from;
    direction > 0 ? current <= to : current >= to;
    current += direction * step
  ) {
    values.push(numeric ? String(current) : String.fromCharCode(current));
    if (values.length >= maximumResults) break;
  }
  return values;
}
