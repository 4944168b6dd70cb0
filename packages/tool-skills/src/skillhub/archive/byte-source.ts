import type { ExtractionBudget } from './extraction-budget';

/**
 * Reads a stream of decompressed chunks by exact lengths, pulling one chunk at a time (so the
 * decompressor's backpressure holds and the event loop is free between chunks) and charging every
 * chunk to the budget as it arrives, whether it is then used, skipped or refused.
 */
export class ByteSource {
  private pending: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(
    private readonly chunks: AsyncIterator<Buffer>,
    private readonly budget: ExtractionBudget,
  ) {}

  /** Pulls the next chunk into `pending`; false at the end of the stream. */
  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.budget.chargeBytes(next.value.length);
    this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : next.value;
    return true;
  }

  /** Exactly `length` bytes (a header block), or undefined when the stream ends first. */
  async read(length: number): Promise<Buffer | undefined> {
    while (this.pending.length < length) if (!(await this.pull())) return undefined;
    const result = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return result;
  }

  /**
   * The next `section.left` bytes, chunk by chunk as they are decompressed, counting `left` down
   * (so a reader that stops early leaves the true remainder); ends early if the stream does.
   */
  async *stream(section: { left: number }): AsyncGenerator<Buffer> {
    while (section.left > 0) {
      if (this.pending.length === 0 && !(await this.pull())) return;
      const piece = this.pending.subarray(0, Math.min(section.left, this.pending.length));
      this.pending = this.pending.subarray(piece.length);
      section.left -= piece.length;
      yield piece;
    }
  }

  /** Passes over `length` bytes (decompressing and charging them); false when the stream ends first. */
  async skip(length: number): Promise<boolean> {
    const section = { left: length };
    for await (const _piece of this.stream(section)) {
      // Charged by pull(); nothing to keep.
    }
    return section.left === 0;
  }

  /** Everything left, chunk by chunk. */
  async *rest(): AsyncGenerator<Buffer> {
    while (this.pending.length > 0 || (await this.pull())) {
      const piece = this.pending;
      this.pending = Buffer.alloc(0);
      yield piece;
    }
  }
}
