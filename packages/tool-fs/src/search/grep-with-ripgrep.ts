import { TinyElfError, type WorkspaceGuard } from '@tinyelf/core';
import picomatch from 'picomatch';
import type { GrepQuery } from './grep-query';
import { toGlobPath } from './list-search-files';
import { ripgrepBaseArguments, runRipgrep } from './run-ripgrep';
import { fileEntry, type SearchResults } from './search-results';
import { hashLine, verifyRipgrepResults } from './verify-ripgrep-results';

/**
 * Runs the search with ripgrep, then keeps only what the files inside the workspace really hold
 * (see {@link verifyRipgrepResults}; hard-linked files go to `hardLinked`). Resolves to undefined
 * when ripgrep cannot take the pattern (its regex syntax differs from JavaScript's), so the
 * caller can fall back.
 */
export async function grepWithRipgrep(
  binary: string,
  query: GrepQuery,
  target: string,
  guard: WorkspaceGuard,
  skipDirectories: readonly string[],
  hardLinked: string[],
  signal?: AbortSignal,
): Promise<SearchResults | undefined> {
  const args = [...ripgrepBaseArguments(skipDirectories), '--color', 'never', '--no-messages'];
  if (query.caseInsensitive) args.push('--ignore-case');
  // A --glob would override .gitignore; a file type does not. Include globs with a folder part are
  // applied to the output instead (see includeFilter).
  if (query.include && !query.include.includes('/'))
    args.push('--type-add', `include:${query.include}`, '--type', 'include');
  // Every mode reads lines (one per file for file names), so that what is shown can be checked
  // against the file afterwards (see verifyRipgrepResults).
  args.push('--line-number', '--with-filename', '--no-heading', '--null');
  if (query.mode === 'files_with_matches') args.push('--max-count', '1');
  if (query.mode === 'content' && query.context > 0) args.push('--context', String(query.context));
  args.push('--regexp', query.pattern, '--', target);

  const keep = includeFilter(query, target);
  const results: SearchResults = new Map();
  const outcome = await runRipgrep(
    binary,
    args,
    guard.root,
    (line) => {
      const split = line.indexOf('\0');
      if (split === -1) return undefined; // a "--" context separator
      const file = line.slice(0, split);
      if (!keep(file)) return undefined;
      const rest = line.slice(split + 1);
      const parsed = /^(\d+)([:-])/.exec(rest);
      if (!parsed) return undefined;
      const entry = fileEntry(results, file);
      const isMatch = parsed[2] === ':';
      if (isMatch) entry.matchCount++;
      const number = Number(parsed[1]);
      const text = rest.slice(parsed[0].length).replace(/\r$/, '');
      if (entry.lines.size < query.perFileLimit) entry.lines.set(number, { text, isMatch });
      else if (isMatch) {
        entry.unshownMatches ??= new Map();
        entry.unshownMatches.set(number, hashLine(text));
      }
      return undefined;
    },
    signal,
  );
  if (outcome.exitCode === 2 && results.size === 0) {
    if (/regex|parse error/i.test(outcome.stderr)) return undefined;
    throw new TinyElfError({
      code: 'SEARCH_FAILED',
      message: `ripgrep failed: ${outcome.stderr.trim().split('\n')[0] ?? 'unknown error'}`,
    });
  }
  return verifyRipgrepResults(results, guard, hardLinked);
}

/** For an include glob with a folder part, a test of each path below the search folder. */
function includeFilter(query: GrepQuery, target: string): (file: string) => boolean {
  if (!query.include?.includes('/')) return () => true;
  const matches = picomatch(query.include, { dot: true });
  return (file) => matches(toGlobPath(target, file));
}
