/** Limits that bound the work an archive may cause, whatever it declares about itself. */
export interface ExtractionLimits {
  /** Entries of any kind (files, folders, tar extension headers). @default 1000 */
  readonly maxEntries: number;
  /**
   * Bytes the decompressor produces, all counted: file contents, tar headers, padding, zero
   * blocks and anything after the end of the archive. @default 50 MB
   */
  readonly maxTotalBytes: number;
  /**
   * Unpacked bytes per byte of archive: an archive may unpack to this many times its own size
   * (and always to 1 MB), so the work a bomb can cause is bounded by what it weighs. Text
   * compresses 3 to 15 times; zeros, 1,000 times. @default 100
   */
  readonly maxRatio: number;
  /** The deepest folder nesting of an entry. @default 16 */
  readonly maxDepth: number;
  /** Wall time for reading and writing the whole archive, in milliseconds. @default 10_000 */
  readonly timeoutMs: number;
}

/** The limits an install uses unless told otherwise. */
export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxEntries: 1000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  maxDepth: 16,
  timeoutMs: 10_000,
};

/** Thrown for an archive that is refused; the message says which entry or limit, and why. */
export class UnsafeArchiveError extends Error {
  override readonly name = 'UnsafeArchiveError';
}
