/** The kinds of entry an archive can hold; skill archives may hold only files and folders. */
export type ArchiveEntryType =
  | 'file'
  | 'directory'
  | 'symlink'
  | 'hardlink'
  | 'device'
  | 'fifo'
  | 'other';

/** One entry of a skill archive, as the readers stream it. */
export interface ArchiveEntry {
  /** The name as stored in the archive. */
  readonly name: string;
  /** What the entry is. */
  readonly type: ArchiveEntryType;
  /** The size the archive declares for its content (0 for anything but files). */
  readonly size: number;
  /**
   * The entry's content, decompressed while it is read, in chunks; every byte is counted against
   * the extraction budget before it is handed out. Read it (or not) before asking for the next entry.
   */
  readonly content: AsyncIterable<Buffer>;
}
