/**
 * Keeps the head and the tail of a stream of output within a byte limit while it streams: the
 * first half of the limit is kept as it comes, the last half in a ring, and only the count of
 * what fell in between. A command printing gigabytes costs this buffer no more than the limit.
 */
export class HeadTailBuffer {
  private readonly head: Buffer;
  private headLength = 0;
  private readonly tail: Buffer;
  /** Where the next tail byte goes. */
  private tailEnd = 0;
  private tailLength = 0;
  private total = 0;

  constructor(readonly limit: number) {
    this.head = Buffer.alloc(Math.ceil(limit / 2));
    this.tail = Buffer.alloc(Math.floor(limit / 2));
  }

  /** Adds a chunk of output. */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    let offset = 0;
    if (this.headLength < this.head.length) {
      offset = Math.min(chunk.length, this.head.length - this.headLength);
      chunk.copy(this.head, this.headLength, 0, offset);
      this.headLength += offset;
    }
    if (offset < chunk.length) this.pushTail(chunk.subarray(offset));
  }

  private pushTail(bytes: Buffer): void {
    const capacity = this.tail.length;
    if (capacity === 0) return;
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

  /** Bytes dropped from the middle. */
  get droppedBytes(): number {
    return this.total - this.headLength - this.tailLength;
  }

  /** The kept text: all of it, or the head, a mark of what was cut, and the tail. */
  toString(): string {
    const head = this.head.subarray(0, this.headLength).toString('utf8');
    const tailBytes =
      this.tailLength < this.tail.length
        ? this.tail.subarray(0, this.tailLength)
        : Buffer.concat([this.tail.subarray(this.tailEnd), this.tail.subarray(0, this.tailEnd)]);
    const tail = tailBytes.toString('utf8');
    if (this.droppedBytes === 0) return head + tail;
    return `${head}\n\n... [${this.droppedBytes} bytes of output cut from the middle: ${this.total} bytes in all, the first ${this.headLength} and the last ${this.tailLength} are shown] ...\n\n${tail}`;
  }
}
