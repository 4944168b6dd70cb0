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
  private readonly deadline: number;

  constructor(readonly limits: ExtractionLimits) {
    this.deadline = Date.now() + limits.timeoutMs;
  }

  /** Charges decompressed bytes. */
  chargeBytes(count: number): void {
    this.bytes += count;
    if (this.bytes > this.limits.maxTotalBytes)
      throw new UnsafeArchiveError(
        `the archive unpacks to more than ${bytes(this.limits.maxTotalBytes)} (the limit on unpacked bytes, tar padding and zero blocks included)`,
      );
    this.checkTime();
  }

  /** Refuses up front an entry whose declared size alone would pass the byte limit. */
  checkDeclared(name: string, size: number): void {
    if (this.bytes + size > this.limits.maxTotalBytes)
      throw new UnsafeArchiveError(
        `entry ${JSON.stringify(name)} declares ${bytes(size)}, which passes the limit of ${bytes(this.limits.maxTotalBytes)} unpacked`,
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
