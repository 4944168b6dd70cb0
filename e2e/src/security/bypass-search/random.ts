/** A small seeded pseudo-random generator (mulberry32), so a seed always gives the same mutations. */
export class Random {
  private state: number;

  /** @param seed - any integer; the same seed gives the same sequence */
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, limit). */
  below(limit: number): number {
    return Math.floor(this.next() * limit);
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** Quotes a text for bash as one single-quoted word. */
export function singleQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The bytes of a text as `\xHH` escapes. */
export function hexEscapes(text: string): string {
  return [...Buffer.from(text)].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('');
}

/** The bytes of a text as `\NNN` octal escapes. */
export function octalEscapes(text: string): string {
  return [...Buffer.from(text)].map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('');
}
