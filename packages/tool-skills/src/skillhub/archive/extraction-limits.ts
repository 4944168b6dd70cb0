/** Limits that bound the work an archive may cause, whatever it declares about itself. */
export interface ExtractionLimits {
  /** Entries of any kind (files, folders, tar extension headers). @default 1000 */
  readonly maxEntries: number;
  /**
   * Bytes the decompressor produces, all counted: file contents, tar headers, padding, zero
   * blocks and anything after the end of the archive. @default 50 MB
   */
  readonly maxTotalBytes: number;
  /** The deepest folder nesting of an entry. @default 16 */
  readonly maxDepth: number;
  /** Wall time for reading and writing the whole archive, in milliseconds. @default 10_000 */
  readonly timeoutMs: number;
}

/** The limits an install uses unless told otherwise. */
export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxEntries: 1000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxDepth: 16,
  timeoutMs: 10_000,
};

/** Thrown for an archive that is refused; the message says which entry or limit, and why. */
export class UnsafeArchiveError extends Error {
  override readonly name = 'UnsafeArchiveError';
}
