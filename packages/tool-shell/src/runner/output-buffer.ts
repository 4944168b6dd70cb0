import type { CutReport } from '@tinyelf/core';
import { countLineBreaks } from './line-breaks';

const NEWLINE = 0x0a;
/** Stands for the head and tail until the first bytes arrive (most commands print little or nothing). */
const UNALLOCATED = Buffer.alloc(0);

/**
 * Keeps the head and the tail of a stream of output within a byte limit while it streams: the
 * first half of the limit is kept as it comes, the last half in a ring, and only the count of
 * what fell in between. A command printing gigabytes costs this buffer no more than the limit.
 * Where it cuts, it cuts at a line break when one is near, and never inside a UTF-8 character.
 */
export class HeadTailBuffer {
  private head = UNALLOCATED;
  private headLength = 0;
  /** The ring; its oldest byte is only a look-behind (was the byte before the tail a `\n`?). */
  private tail = UNALLOCATED;
  /** Where the next tail byte goes. */
  private tailEnd = 0;
  private tailLength = 0;
  private total = 0;

  /** @param limit - the bytes kept, at least 2 */
  constructor(readonly limit: number) {}

  /** Adds a chunk of output. */
  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    // Allocated on the first bytes: a command that prints nothing costs no buffers.
    if (this.head === UNALLOCATED) {
      const size = Math.max(2, Math.floor(this.limit));
      this.head = Buffer.allocUnsafe(Math.ceil(size / 2));
      this.tail = Buffer.allocUnsafe(size - this.head.length);
    }
    this.total += chunk.length;
    let offset = 0;
    if (this.headLength < this.head.length) {
      offset = Math.min(chunk.length, this.head.length - this.headLength);
      chunk.copy(this.head, this.headLength, 0, offset);
      this.headLength += offset;
    }
    if (offset < chunk.length) this.pushTail(chunk.subarray(offset));
  }

  /**
   * Counts `count` bytes that were never seen (they fall in the cut middle): the tail kept so far
   * is dropped, as what comes next does not follow it.
   */
  skip(count: number): void {
    this.total += count;
    this.tailEnd = 0;
    this.tailLength = 0;
  }

  private pushTail(bytes: Buffer): void {
    const capacity = this.tail.length;
    if (bytes.length >= capacity) {
      bytes.copy(this.tail, 0, bytes.length - capacity);
      this.tailEnd = 0;
      this.tailLength = capacity;
      return;
    }
    for (let index = 0; index < bytes.length; ) {
      const count = Math.min(bytes.length - index, capacity - this.tailEnd);
      bytes.copy(this.tail, this.tailEnd, index, index + count);
      this.tailEnd = (this.tailEnd + count) % capacity;
      index += count;
    }
    this.tailLength = Math.min(capacity, this.tailLength + bytes.length);
  }

  /** Bytes received in all. */
  get totalBytes(): number {
    return this.total;
  }

  /** Whether bytes fell out between the head and the tail. */
  get cut(): boolean {
    return this.total > this.headLength + this.tailLength;
  }

  /** Every byte received, in order (complete only while nothing was cut). */
  contents(): Buffer {
    return Buffer.concat([this.head.subarray(0, this.headLength), this.orderedTail()]);
  }

  /** The last `count` bytes received (or fewer), for a progress line. */
  latest(count: number): Buffer {
    const kept = this.contents();
    return kept.subarray(Math.max(0, kept.length - count));
  }

  /** All the output, when nothing was cut. */
  toString(): string {
    return this.contents().toString('utf8');
  }

  /**
   * What was kept and what was cut, in bytes, for `markCut`; `undefined` when nothing was cut.
   * @param lineBreaks - the line breaks in the whole output (counted while it streamed)
   */
  report(lineBreaks: number): CutReport | undefined {
    if (!this.cut) return undefined;
    const head = this.head.subarray(0, headEnd(this.head.subarray(0, this.headLength)));
    const ring = this.orderedTail();
    const start = tailStart(ring);
    const tail = ring.subarray(start);
    const headBreaks = countLineBreaks(head);
    const cutBreaks = lineBreaks - headBreaks - countLineBreaks(tail);
    return {
      head: head.toString('utf8'),
      tail: tail.toString('utf8'),
      unit: 'bytes',
      headSize: head.length,
      tailSize: tail.length,
      cutSize: this.total - head.length - tail.length,
      totalSize: this.total,
      cutLines: cutBreaks + (ring[start - 1] === NEWLINE ? 0 : 1),
      firstCutLine: headBreaks + 1,
    };
  }

  private orderedTail(): Buffer {
    return this.tailLength < this.tail.length
      ? this.tail.subarray(0, this.tailLength)
      : Buffer.concat([this.tail.subarray(this.tailEnd), this.tail.subarray(0, this.tailEnd)]);
  }
}

/** Where the kept head ends: after a line break in its last fifth, else before a split character. */
function headEnd(head: Buffer): number {
  const lastBreak = head.lastIndexOf(NEWLINE);
  if (lastBreak !== -1 && lastBreak + 1 >= head.length * 0.8) return lastBreak + 1;
  // Back up over a character whose bytes do not all fit.
  for (let index = head.length - 1; index >= Math.max(0, head.length - 4); index--) {
    const byte = head[index] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const size = byte < 0xc0 ? 1 : byte < 0xe0 ? 2 : byte < 0xf0 ? 3 : 4;
    return index + size > head.length ? index : head.length;
  }
  return head.length;
}

/**
 * Where the kept tail starts in the ring: after a line break in its first fifth, else at the
 * first character that starts after the look-behind byte.
 */
function tailStart(ring: Buffer): number {
  const firstBreak = ring.indexOf(NEWLINE);
  if (firstBreak !== -1 && firstBreak <= (ring.length - 1) * 0.2) return firstBreak + 1;
  let start = Math.min(1, ring.length);
  while (start < ring.length && ((ring[start] as number) & 0xc0) === 0x80) start++;
  return start;
}
