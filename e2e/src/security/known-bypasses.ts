import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Set (to `1`) by `node e2e/src/security/update-known-bypasses.mjs`: the security tests then
 * record every case that fails into its known-bypass file instead of failing.
 */
export const updatingKnownBypasses = process.env.TINYELF_UPDATE_KNOWN_BYPASSES === '1';

/**
 * A file listing the cases the classifier still gets wrong, with the verdict it gave. The tests
 * assert every other case, and fail when a listed case passes, so the list only shrinks.
 */
export class KnownBypassFile {
  /** The absolute path of the JSON file. */
  readonly path: string;
  private readonly description: string;
  private readonly known: Record<string, unknown>;
  private readonly found: Record<string, unknown> = {};

  /**
   * @param name - the file name beside this module
   * @param description - what the file holds, written at its top
   */
  constructor(name: string, description: string) {
    this.path = fileURLToPath(new URL(`./${name}`, import.meta.url));
    this.description = description;
    this.known = existsSync(this.path)
      ? (JSON.parse(readFileSync(this.path, 'utf8')) as { bypasses: Record<string, unknown> })
          .bypasses
      : {};
  }

  /** Whether an id is listed as a known bypass. */
  has(id: string): boolean {
    return Object.hasOwn(this.known, id);
  }

  /** How many ids the file lists. */
  get size(): number {
    return Object.keys(this.known).length;
  }

  /** Records a failing case (only kept when updating). */
  record(id: string, detail: unknown): void {
    this.found[id] = detail;
  }

  /** Writes the recorded failures, sorted by id, replacing the file's list. */
  write(): void {
    const bypasses = Object.fromEntries(
      Object.entries(this.found).sort(([a], [b]) => a.localeCompare(b)),
    );
    writeFileSync(
      this.path,
      `${JSON.stringify({ description: this.description, bypasses }, null, 2)}\n`,
    );
  }
}
