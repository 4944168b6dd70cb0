import {
  defineJsonSchemaTool,
  OpenedFolder,
  TinyElfError,
  type WorkspaceGuard,
} from '@tinyelf/core';
import { formatBytes } from '../binary-detection';
import type { FileSystemServices } from '../file-system-services';

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
      const folder = openFolder(guard, path);
      try {
        return describe(folder, options.listMaxEntries, guard.display(folder.location));
      } finally {
        folder.close();
      }
    },
  });
}

/** Opens the folder the model named, checked through its descriptor (see `WorkspaceGuard.open`). */
function openFolder(guard: WorkspaceGuard, path: string): OpenedFolder {
  try {
    const { opened } = guard.open(path, 'folder');
    return new OpenedFolder(opened.descriptor, opened.location!);
  } catch (error) {
    if (TinyElfError.hasCode(error, 'NOT_A_DIRECTORY')) {
      throw new TinyElfError({
        code: 'NOT_A_DIRECTORY',
        message: `"${path}" is a file, not a folder; use Read to see its content.`,
      });
    }
    throw error;
  }
}

/** The listing of an open folder: every entry looked up through the folder's descriptor. */
function describe(folder: OpenedFolder, maxEntries: number, where: string): string {
  const entries = folder.entries();
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort(byName);
  const others = entries
    .filter((entry) => !entry.isDirectory())
    .sort((a, b) => byName(a.name, b.name));
  const shown = Math.min(entries.length, maxEntries);
  const lines: string[] = folders.slice(0, shown).map((name) => `${name}/`);
  for (const entry of others.slice(0, Math.max(0, shown - lines.length))) {
    if (entry.isSymbolicLink()) {
      lines.push(`${entry.name} -> ${folder.linkTarget(entry.name) ?? '?'} (symbolic link)`);
    } else if (entry.isFile()) {
      const size = folder.statEntry(entry.name)?.size;
      lines.push(size === undefined ? entry.name : `${entry.name} (${formatBytes(size)})`);
    } else {
      lines.push(`${entry.name} (special file)`);
    }
  }
  if (entries.length === 0) return `${where} is empty.`;
  const header = `${where}: ${folders.length} folder${folders.length === 1 ? '' : 's'}, ${others.length} file${others.length === 1 ? '' : 's'}`;
  const more =
    entries.length > shown ? `\n... and ${entries.length - shown} more entries (not shown).` : '';
  return `${header}\n${lines.join('\n')}${more}`;
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
