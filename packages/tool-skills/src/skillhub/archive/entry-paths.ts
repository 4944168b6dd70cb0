import type { ArchiveEntry } from './archive-entry';
import { UnsafeArchiveError } from './extraction-limits';

/** The longest file or folder name (one path part) Linux, macOS and Windows file systems accept, in bytes. */
export const MAX_NAME_BYTES = 255;

/** An entry name as shown in a refusal: quoted, and cut when long. */
export function shown(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 77)}...` : name);
}

/**
 * Checks every entry's name and kind, and remembers them to refuse duplicates. Two entries are
 * duplicates when their normalised names are equal: `.` segments and repeated slashes dropped,
 * Unicode NFC, and case folded (they would be one file on macOS and Windows). Refused: any kind
 * but file and folder, NUL, backslash, absolute and drive paths, `..`, nesting deeper than the
 * limit, a name part longer than {@link MAX_NAME_BYTES}, and an entry inside a file or a file where a folder is.
 */
export class EntryPaths {
  private readonly explicit = new Map<string, string>();
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  constructor(private readonly maxDepth: number) {}

  /** The entry's path segments, or undefined for the archive's root folder itself. */
  accept(entry: ArchiveEntry): string[] | undefined {
    const name = entry.name;
    if (entry.type !== 'file' && entry.type !== 'directory')
      throw new UnsafeArchiveError(
        `entry ${shown(name)} is a ${entry.type === 'other' ? 'special entry' : entry.type}; skill archives may hold only files and folders`,
      );
    if (name.includes('\0'))
      throw new UnsafeArchiveError(`entry ${shown(name)} has a NUL byte in its name`);
    if (name.includes('\\'))
      throw new UnsafeArchiveError(`entry ${shown(name)} has a backslash in its name`);
    if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
      throw new UnsafeArchiveError(`entry ${shown(name)} has an absolute path`);
    const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
    if (segments.includes('..'))
      throw new UnsafeArchiveError(`entry ${shown(name)} climbs out of the archive with ".."`);
    if (segments.length > this.maxDepth)
      throw new UnsafeArchiveError(
        `entry ${shown(name)} is nested more than ${this.maxDepth} folders deep (the limit on depth)`,
      );
    const long = segments.find((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES);
    if (long !== undefined)
      throw new UnsafeArchiveError(
        `entry ${shown(name)} has a name part of ${Buffer.byteLength(long)} bytes; file systems allow at most ${MAX_NAME_BYTES} bytes in one file or folder name`,
      );
    if (segments.length === 0) {
      if (entry.type === 'file') throw new UnsafeArchiveError(`entry ${shown(name)} has no name`);
      return undefined;
    }
    const keys = segments.map((_, index) =>
      segments
        .slice(0, index + 1)
        .join('/')
        .normalize('NFC')
        .toLowerCase(),
    );
    const key = keys[keys.length - 1]!;
    const earlier = this.explicit.get(key);
    if (earlier !== undefined)
      throw new UnsafeArchiveError(
        `entries ${shown(earlier)} and ${shown(name)} are the same path; archives with duplicate entries are refused`,
      );
    for (const ancestor of keys.slice(0, -1)) {
      if (this.files.has(ancestor))
        throw new UnsafeArchiveError(`entry ${shown(name)} is inside a file of the archive`);
      this.folders.add(ancestor);
    }
    if (entry.type === 'file' && this.folders.has(key))
      throw new UnsafeArchiveError(`entry ${shown(name)} is a file where the archive has a folder`);
    (entry.type === 'file' ? this.files : this.folders).add(key);
    this.explicit.set(key, name);
    return segments;
  }
}
