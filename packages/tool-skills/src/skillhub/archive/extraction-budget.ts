import { type ExtractionLimits, UnsafeArchiveError } from './extraction-limits';

const megabyte = 1024 * 1024;

function bytes(count: number): string {
  return count >= megabyte
    ? `${(count / megabyte).toFixed(count % megabyte ? 1 : 0)} MB`
    : `${count} bytes`;
}

/**
 * The work one extraction may still do: every decompressed byte and every entry is charged here
 * as it is produced, and the wall-time deadline is checked at each charge. A charge past a limit
 * throws an {@link UnsafeArchiveError} that names the limit.
 */
export class ExtractionBudget {
  /** Decompressed bytes produced so far (headers, padding and zero blocks included). */
  bytes = 0;
  /** Entries seen so far. */
  entries = 0;
  /** The unpacked bytes allowed: `maxTotalBytes`, or less for a small archive (`maxRatio`). */
  readonly maxBytes: number;
  private readonly deadline: number;
  private readonly limitName: string;

  constructor(
    readonly limits: ExtractionLimits,
    archiveBytes: number,
  ) {
    this.deadline = Date.now() + limits.timeoutMs;
    const byRatio = Math.max(megabyte, archiveBytes * limits.maxRatio);
    this.maxBytes = Math.min(limits.maxTotalBytes, byRatio);
    this.limitName =
      byRatio < limits.maxTotalBytes
        ? `${bytes(this.maxBytes)}, ${limits.maxRatio} times the ${bytes(archiveBytes)} archive (the limit on the compression ratio)`
        : `${bytes(this.maxBytes)} (the limit on unpacked bytes)`;
  }

  /** Counts from zero again (for a second pass over the same archive); the deadline stays. */
  restart(): void {
    this.bytes = 0;
    this.entries = 0;
  }

  /** Charges decompressed bytes. */
  chargeBytes(count: number): void {
    this.bytes += count;
    if (this.bytes > this.maxBytes)
      throw new UnsafeArchiveError(
        `the archive unpacks to more than ${this.limitName}; tar padding and zero blocks count too`,
      );
    this.checkTime();
  }

  /** Refuses up front an entry (or, for zip, entries so far) whose declared size passes the byte limit. */
  checkDeclared(name: string, size: number, cumulative = false): void {
    if (this.bytes + size > this.maxBytes)
      throw new UnsafeArchiveError(
        `${cumulative ? `the entries up to ${JSON.stringify(name)} declare` : `entry ${JSON.stringify(name)} declares`} ${bytes(size)}, which passes ${this.limitName}`,
      );
  }

  /** Charges one entry. */
  chargeEntry(): void {
    if (++this.entries > this.limits.maxEntries)
      throw new UnsafeArchiveError(
        `the archive has more than ${this.limits.maxEntries} entries (the limit on entries)`,
      );
    this.checkTime();
  }

  /** Throws once the wall-time limit has passed. */
  checkTime(): void {
    if (Date.now() > this.deadline) throw this.timeoutError();
  }

  /** Milliseconds left before the deadline. */
  remainingMs(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  /** The refusal for an extraction that ran out of time. */
  timeoutError(): UnsafeArchiveError {
    return new UnsafeArchiveError(
      `unpacking took longer than ${this.limits.timeoutMs / 1000} s (the limit on time)`,
    );
  }
}
