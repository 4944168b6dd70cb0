/** What Grep searches for and how it reports it. */
export interface GrepQuery {
  /** The regular expression. */
  readonly pattern: string;
  /** Ignore case. */
  readonly caseInsensitive: boolean;
  /** Lines of context before and after each match (content mode). */
  readonly context: number;
  /** A glob for the files to search (`*.ts`; with a `/`, matched against the path below the search folder). */
  readonly include?: string;
  /** Matching lines, file names only, or counts per file. */
  readonly mode: 'content' | 'files_with_matches' | 'count';
  /** Lines stored per file at most. */
  readonly perFileLimit: number;
}
