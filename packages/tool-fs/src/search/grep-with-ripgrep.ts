import { TinyElfError } from '@tinyelf/core';
import picomatch from 'picomatch';
import type { GrepQuery } from './grep-query';
import { toGlobPath } from './list-search-files';
import { ripgrepBaseArguments, runRipgrep } from './run-ripgrep';
import { fileEntry, type SearchResults } from './search-results';

/**
 * Runs the search with ripgrep. Resolves to undefined when ripgrep cannot take the pattern
 * (its regex syntax differs from JavaScript's), so the caller can fall back.
 */
export async function grepWithRipgrep(
  binary: string,
  query: GrepQuery,
  target: string,
  workspaceRoot: string,
  skipDirectories: readonly string[],
  signal?: AbortSignal,
): Promise<SearchResults | undefined> {
  const args = [...ripgrepBaseArguments(skipDirectories), '--color', 'never', '--no-messages'];
  if (query.caseInsensitive) args.push('--ignore-case');
  // A --glob would override .gitignore; a file type does not. Include globs with a folder part are
  // applied to the output instead (see includeFilter).
  if (query.include && !query.include.includes('/'))
    args.push('--type-add', `include:${query.include}`, '--type', 'include');
  if (query.mode === 'files_with_matches') args.push('--files-with-matches');
  else if (query.mode === 'count') args.push('--count', '--with-filename', '--null');
  else {
    args.push('--line-number', '--with-filename', '--no-heading', '--null');
    if (query.context > 0) args.push('--context', String(query.context));
  }
  args.push('--regexp', query.pattern, '--', target);

  const keep = includeFilter(query, target);
  const results: SearchResults = new Map();
  const outcome = await runRipgrep(
    binary,
    args,
    workspaceRoot,
    (line) => {
      if (query.mode === 'files_with_matches') {
        if (keep(line)) fileEntry(results, line).matchCount = 1;
        return undefined;
      }
      const split = line.indexOf('\0');
      if (split === -1) return undefined; // a "--" context separator
      const file = line.slice(0, split);
      if (!keep(file)) return undefined;
      const rest = line.slice(split + 1);
      const entry = fileEntry(results, file);
      if (query.mode === 'count') {
        entry.matchCount = Number(rest);
        return undefined;
      }
      const parsed = /^(\d+)([:-])/.exec(rest);
      if (!parsed) return undefined;
      const isMatch = parsed[2] === ':';
      if (isMatch) entry.matchCount++;
      if (entry.lines.size < query.perFileLimit) {
        entry.lines.set(Number(parsed[1]), {
          text: rest.slice(parsed[0].length).replace(/\r$/, ''),
          isMatch,
        });
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
  return results;
}

/** For an include glob with a folder part, a test of each path below the search folder. */
function includeFilter(query: GrepQuery, target: string): (file: string) => boolean {
  if (!query.include?.includes('/')) return () => true;
  const matches = picomatch(query.include, { dot: true });
  return (file) => matches(toGlobPath(target, file));
}
