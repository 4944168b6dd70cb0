import { defineJsonSchemaTool, TinyElfError } from '@tinyelf/core';
import picomatch from 'picomatch';
import type { FileSystemServices } from '../file-system-services';
import { globWithFastGlob, listSearchFiles, toGlobPath } from '../search/list-search-files';
import { verifyListedFiles } from '../search/verify-listed-files';
import { statOrExplain } from './file-checks';

/** The tool's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface GlobParams {
  readonly pattern: string;
  readonly path?: string;
}

const parameters = {
  type: 'object',
  properties: {
    pattern: {
      type: 'string',
      description: 'A glob such as `**/*.ts` or `src/**/*.{js,jsx}`, relative to path.',
    },
    path: { type: 'string', description: 'The folder to search in. Default: the workspace root.' },
  },
  required: ['pattern'],
};

/** The Glob tool: files matching a pattern, newest first. */
export function createGlobTool(services: FileSystemServices) {
  const { guard, options } = services;
  return defineJsonSchemaTool<GlobParams>({
    name: 'Glob',
    description:
      'Finds files by name pattern (glob syntax: `**/*.ts`, `src/*.{js,jsx}`), newest-modified first, with paths relative to the workspace. Skips .git, node_modules and what .gitignore files ignore; does not follow symbolic links.',
    parameters,
    readOnly: true,
    async execute({ pattern, path }, context) {
      checkPattern(pattern);
      const folder = guard.resolve(path ?? '.');
      const info = await statOrExplain(folder.real, path ?? '.');
      if (!info.isDirectory()) {
        throw new TinyElfError({
          code: 'NOT_A_DIRECTORY',
          message: `"${path}" is a file; Glob searches a folder (leave path out for the workspace root).`,
        });
      }
      let files: string[];
      if (services.ripgrepPath) {
        const matches = picomatch(pattern, { dot: true });
        files = (await listSearchFiles(services, folder.real, context?.signal)).filter((file) =>
          matches(toGlobPath(folder.real, file)),
        );
      } else {
        files = globWithFastGlob(services, folder.real, pattern);
      }
      const dated = verifyListedFiles(guard, files).sort(
        (a, b) => b.modified - a.modified || (a.file < b.file ? -1 : 1),
      );
      if (dated.length === 0)
        return `No files match "${pattern}" in ${guard.display(folder.real)}.`;
      const shown = dated
        .slice(0, options.globMaxResults)
        .map((entry) => guard.display(entry.file));
      const more =
        dated.length > shown.length
          ? `\n... and ${dated.length - shown.length} more files (not shown; narrow the pattern or the path).`
          : '';
      return `${dated.length === 1 ? '1 file matches' : `${dated.length} files match`} "${pattern}" (newest first):\n${shown.join('\n')}${more}`;
    },
  });
}

function checkPattern(pattern: string): void {
  if (pattern.trim() === '')
    throw new TinyElfError({
      code: 'INVALID_PATTERN',
      message: 'The glob pattern is empty; give one such as **/*.ts.',
    });
  if (pattern.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(pattern) || pattern.startsWith('~')) {
    throw new TinyElfError({
      code: 'INVALID_PATTERN',
      message: `The glob pattern "${pattern}" must be relative; put the folder to search in the path parameter.`,
    });
  }
  if (/(^|[/{,])\.\.($|[/},])/.test(pattern)) {
    throw new TinyElfError({
      code: 'INVALID_PATTERN',
      message: `The glob pattern "${pattern}" contains "..", which would leave the search folder; set the path parameter instead.`,
    });
  }
}
