/** The lines Grep found in one file: match and context lines by number, and the match count. */
export interface FileMatches {
  readonly lines: Map<number, { readonly text: string; readonly isMatch: boolean }>;
  matchCount: number;
  /** ripgrep's match lines beyond those kept in `lines`: line number to `hashLine` of the text (to verify the count). */
  unshownMatches?: Map<number, number>;
}

/** Grep's findings per file (absolute path), gathered by ripgrep or by the JavaScript search. */
export type SearchResults = Map<string, FileMatches>;

/** The entry of a file, created on first use. */
export function fileEntry(results: SearchResults, file: string): FileMatches {
  let entry = results.get(file);
  if (!entry) {
    entry = { lines: new Map(), matchCount: 0 };
    results.set(file, entry);
  }
  return entry;
}
