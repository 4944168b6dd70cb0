import { join, relative, sep } from 'node:path';
import fastGlob from 'fast-glob';
import type { FileSystemServices } from '../file-system-services';
import { GitignoreFilter } from './gitignore-filter';
import { ripgrepBaseArguments, runRipgrep } from './run-ripgrep';
import { walkFiles } from './walk-files';

/**
 * The files below a search folder that Glob and Grep consider (absolute paths): not ignored by
 * `.gitignore`, not in `.git` or `node_modules`, not through symbolic links. With ripgrep,
 * `rg --files`; without, a JavaScript walk with the same rules. `pattern` (fast-glob syntax,
 * relative to the folder) narrows the JavaScript listing early.
 */
export async function listSearchFiles(
  services: FileSystemServices,
  folder: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const { ripgrepPath, options } = services;
  if (ripgrepPath) {
    const files: string[] = [];
    const outcome = await runRipgrep(
      ripgrepPath,
      ['--files', ...ripgrepBaseArguments(options.skipDirectories), '--', folder],
      options.workspaceRoot,
      (line) => {
        files.push(line);
        return undefined;
      },
      signal,
    );
    if (outcome.exitCode === 0 || outcome.exitCode === 1 || files.length > 0) return files;
  }
  return walkFiles(
    folder,
    new GitignoreFilter(options.workspaceRoot),
    new Set(options.skipDirectories),
  );
}

/**
 * Glob's JavaScript listing: fast-glob for the pattern, then the `.gitignore` rules. (fast-glob's
 * own `stats` option measured slower than one `stat` per match afterwards.)
 */
export function globWithFastGlob(
  services: FileSystemServices,
  folder: string,
  pattern: string,
): string[] {
  const filter = new GitignoreFilter(services.options.workspaceRoot);
  const entries = fastGlob.sync(pattern, {
    cwd: folder,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    objectMode: true,
    suppressErrors: true,
    ignore: services.options.skipDirectories.map((name) => `**/${name}/**`),
  });
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.dirent.isSymbolicLink()) continue;
    const path = join(folder, entry.path);
    if (!filter.isIgnored(path, false)) files.push(path);
  }
  return files;
}

/** A path relative to a folder, with `/` separators (what glob patterns match against). */
export function toGlobPath(folder: string, path: string): string {
  const result = relative(folder, path);
  return sep === '/' ? result : result.split(sep).join('/');
}
