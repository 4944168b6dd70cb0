import { lstat, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { defineJsonSchemaTool, TinyElfError } from '@tinyelf/core';
import { formatBytes } from '../binary-detection';
import type { FileSystemServices } from '../file-system-services';
import { statOrExplain } from './file-checks';

/** The tool's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface ListDirParams {
  readonly path: string;
}

const parameters = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      description:
        'The folder to list, relative to the workspace or absolute (`.` for the workspace root).',
      default: '.',
    },
  },
  required: ['path'],
};

/** The ListDir tool: a folder's entries, sorted, folders marked with `/`, with sizes. */
export function createListDirTool(services: FileSystemServices) {
  const { guard, options } = services;
  return defineJsonSchemaTool<ListDirParams>({
    name: 'ListDir',
    description:
      'Lists the entries of a folder: sub-folders first (marked with a trailing /), then files with their sizes, each sorted by name. Symbolic links are shown with their target and not followed.',
    parameters,
    readOnly: true,
    async execute({ path }) {
      const target = guard.resolve(path);
      const info = await statOrExplain(target.real, path);
      if (!info.isDirectory()) {
        throw new TinyElfError({
          code: 'NOT_A_DIRECTORY',
          message: `"${path}" is a file, not a folder; use Read to see its content.`,
        });
      }
      const entries = await readdir(target.real, { withFileTypes: true });
      const folders = entries
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(byName);
      const others = entries
        .filter((entry) => !entry.isDirectory())
        .sort((a, b) => byName(a.name, b.name));
      const shown = Math.min(entries.length, options.listMaxEntries);
      const lines: string[] = folders.slice(0, shown).map((name) => `${name}/`);
      for (const entry of others.slice(0, Math.max(0, shown - lines.length))) {
        const full = join(target.real, entry.name);
        if (entry.isSymbolicLink()) {
          const link = await readlink(full).catch(() => '?');
          lines.push(`${entry.name} -> ${link} (symbolic link)`);
        } else if (entry.isFile()) {
          const size = await lstat(full)
            .then((stats) => stats.size)
            .catch(() => undefined);
          lines.push(size === undefined ? entry.name : `${entry.name} (${formatBytes(size)})`);
        } else {
          lines.push(`${entry.name} (special file)`);
        }
      }
      const where = guard.display(target.real);
      if (entries.length === 0) return `${where} is empty.`;
      const header = `${where}: ${folders.length} folder${folders.length === 1 ? '' : 's'}, ${others.length} file${others.length === 1 ? '' : 's'}`;
      const more =
        entries.length > shown
          ? `\n... and ${entries.length - shown} more entries (not shown).`
          : '';
      return `${header}\n${lines.join('\n')}${more}`;
    },
  });
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
