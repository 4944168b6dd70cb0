import { closeSync } from 'node:fs';
import { defineJsonSchemaTool, OpenedFolder, TinyElfError } from '@tinyelf/core';
import type { FileSystemServices } from '../file-system-services';
import { shortenLine } from '../line-format';
import { GitignoreFilter } from '../search/gitignore-filter';
import type { GrepQuery } from '../search/grep-query';
import { grepWithJavaScript } from '../search/grep-with-javascript';
import { grepWithRipgrep } from '../search/grep-with-ripgrep';
import type { SearchResults } from '../search/search-results';
import { walkFolder } from '../search/walk-files';
import { statOrExplain } from './file-checks';

/** The tool's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface GrepParams {
  readonly pattern: string;
  readonly path?: string;
  readonly include?: string;
  readonly output_mode?: 'content' | 'files_with_matches' | 'count';
  readonly case_insensitive?: boolean;
  readonly context?: number;
}

const parameters = {
  type: 'object',
  properties: {
    pattern: { type: 'string', description: 'A regular expression to search file contents for.' },
    path: {
      type: 'string',
      description: 'The folder (or file) to search. Default: the workspace root.',
    },
    include: {
      type: 'string',
      description: 'Only files whose name matches this glob, such as `*.ts` or `*.{js,jsx}`.',
    },
    output_mode: {
      type: 'string',
      enum: ['content', 'files_with_matches', 'count'],
      description:
        '`content`: matching lines as path:line:text (default); `files_with_matches`: file paths only; `count`: matches per file.',
      default: 'content',
    },
    case_insensitive: { type: 'boolean', description: 'Ignore case.', default: false },
    context: {
      type: 'integer',
      minimum: 0,
      maximum: 20,
      description: 'Lines of context to show before and after each match.',
      default: 0,
    },
  },
  required: ['pattern'],
};

const grepLineLength = 500;

/** The Grep tool: regular-expression search over file contents, with ripgrep when present. */
export function createGrepTool(services: FileSystemServices) {
  const { guard, options } = services;
  return defineJsonSchemaTool<GrepParams>({
    name: 'Grep',
    description:
      'Searches file contents for a regular expression. Output: path:line:text for each matching line, grouped by file (or file names only, or counts). Skips binary files, .git, node_modules and what .gitignore ignores. Use include to limit the files (`*.ts`), context for surrounding lines.',
    parameters,
    readOnly: true,
    async execute(params, context) {
      try {
        new RegExp(params.pattern);
      } catch (error) {
        throw new TinyElfError({
          code: 'INVALID_PATTERN',
          message: `The pattern is not a valid regular expression: ${(error as Error).message}.`,
        });
      }
      const path = params.path ?? '.';
      const target = guard.resolve(path);
      const query: GrepQuery = {
        pattern: params.pattern,
        caseInsensitive: params.case_insensitive ?? false,
        context: params.context ?? 0,
        include: params.include,
        mode: params.output_mode ?? 'content',
        perFileLimit: options.grepMaxResults,
      };
      const hardLinked: string[] = [];
      let results: SearchResults | undefined;
      if (services.ripgrepPath) {
        await statOrExplain(target.real, path);
        results = await grepWithRipgrep(
          services.ripgrepPath,
          query,
          target.real,
          guard,
          options.skipDirectories,
          hardLinked,
          context?.signal,
        );
      }
      results ??= searchWithJavaScript(services, path, query, hardLinked);
      return render(services, results, query) + hardLinkNote(services, hardLinked);
    },
  });
}

/**
 * The JavaScript search of the file or folder the model named, opened and checked through its
 * descriptor (see `WorkspaceGuard.open`) and walked by descriptors (see `walkFolder`).
 */
function searchWithJavaScript(
  services: FileSystemServices,
  path: string,
  query: GrepQuery,
  hardLinked: string[],
): SearchResults {
  const { guard, options } = services;
  const { opened } = guard.open(path, 'file');
  const location = opened.location!;
  if (!opened.info.isDirectory()) {
    let taken = false;
    try {
      return grepWithJavaScript(
        query,
        (visit) =>
          visit(location, () => {
            if (!opened.info.isFile()) return undefined;
            taken = true;
            return opened.descriptor;
          }),
        location,
        hardLinked,
      );
    } finally {
      if (!taken) closeSync(opened.descriptor);
    }
  }
  const folder = new OpenedFolder(opened.descriptor, location);
  try {
    return grepWithJavaScript(
      query,
      (visit) =>
        walkFolder(
          folder,
          new GitignoreFilter(options.workspaceRoot),
          new Set(options.skipDirectories),
          visit,
        ),
      location,
      hardLinked,
    );
  } finally {
    folder.close();
  }
}

/** The note on matching files left out because they have more than one hard link. */
function hardLinkNote(services: FileSystemServices, hardLinked: readonly string[]): string {
  if (hardLinked.length === 0) return '';
  const names = hardLinked.slice(0, 5).map((file) => services.guard.display(file));
  const more =
    hardLinked.length > names.length ? ` and ${hardLinked.length - names.length} more` : '';
  return `\n\n(Not searched: ${names.join(', ')}${more}: ${hardLinked.length === 1 ? 'it has' : 'they have'} more than one hard link, so another name may be outside the workspace. Read shows such a file after the user confirms.)`;
}

function render(services: FileSystemServices, results: SearchResults, query: GrepQuery): string {
  const { guard, options } = services;
  const files = [...results.entries()]
    .filter(([file]) => guard.isAllowed(file))
    .map(([file, matches]) => ({ path: guard.display(file), matches }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (files.length === 0) return `No matches for /${query.pattern}/.`;
  const totalMatches = files.reduce((sum, file) => sum + file.matches.matchCount, 0);
  const limit = options.grepMaxResults;

  if (query.mode !== 'content') {
    const shown = files.slice(0, limit);
    const lines = shown.map((file) =>
      query.mode === 'count' ? `${file.path}:${file.matches.matchCount}` : file.path,
    );
    const more =
      files.length > shown.length
        ? `\n... and ${files.length - shown.length} more files (not shown).`
        : '';
    const header =
      query.mode === 'count'
        ? `${totalMatches} matching lines in ${files.length} files:`
        : `${files.length} files match:`;
    return `${header}\n${lines.join('\n')}${more}`;
  }

  const blocks: string[] = [];
  let shownMatches = 0;
  for (const file of files) {
    if (shownMatches >= limit) break;
    const lines: string[] = [];
    let previous: number | undefined;
    for (const number of [...file.matches.lines.keys()].sort((a, b) => a - b)) {
      const line = file.matches.lines.get(number)!;
      if (line.isMatch && shownMatches >= limit) break;
      if (query.context > 0 && previous !== undefined && number > previous + 1) lines.push('--');
      lines.push(
        `${file.path}${line.isMatch ? ':' : '-'}${number}${line.isMatch ? ':' : '-'}${shortenLine(line.text, grepLineLength)}`,
      );
      if (line.isMatch) shownMatches++;
      previous = number;
    }
    blocks.push(lines.join('\n'));
  }
  const more =
    totalMatches > shownMatches
      ? `\n\n... ${totalMatches - shownMatches} more matching lines not shown; narrow the pattern, the path or include.`
      : '';
  return `${totalMatches} matching line${totalMatches === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}:\n${blocks.join('\n\n')}${more}`;
}
