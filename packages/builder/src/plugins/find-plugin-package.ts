import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The file Node would import for the package `name` as installed in `node_modules` of `folder` or
 * of a folder above it (the way Node looks packages up), or undefined when it is not installed
 * there. Follows the package's `exports` (the `import`, `node` or `default` condition), then
 * `module`, `main`, `index.js`.
 */
export function findPluginPackage(name: string, folder: string): string | undefined {
  for (let current = resolve(folder); ; current = dirname(current)) {
    const root = join(current, 'node_modules', name);
    if (existsSync(join(root, 'package.json'))) {
      const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
        exports?: unknown;
        module?: string;
        main?: string;
      };
      const entry =
        exportedEntry(manifest.exports) ?? manifest.module ?? manifest.main ?? 'index.js';
      return join(root, entry);
    }
    if (dirname(current) === current) return undefined;
  }
}

/**
 * The names of the TinyElf plugin packages installed in or above these folders: `@tinyelf/*` and
 * `tinyelf-plugin-*` (and scoped `@x/tinyelf-plugin-*`), for a did-you-mean.
 */
export function installedPluginPackages(folders: readonly string[]): string[] {
  const names = new Set<string>();
  for (const folder of folders) {
    for (let current = resolve(folder); ; current = dirname(current)) {
      const modules = join(current, 'node_modules');
      for (const entry of safeList(modules)) {
        if (entry.startsWith('tinyelf-plugin-')) names.add(entry);
        else if (entry.startsWith('@'))
          for (const scoped of safeList(join(modules, entry)))
            if (entry === '@tinyelf' || scoped.startsWith('tinyelf-plugin-'))
              names.add(`${entry}/${scoped}`);
      }
      if (dirname(current) === current) break;
    }
  }
  return [...names];
}

function exportedEntry(exports: unknown): string | undefined {
  if (typeof exports === 'string') return exports;
  if (typeof exports !== 'object' || exports === null) return undefined;
  const map = exports as Record<string, unknown>;
  if ('.' in map) return exportedEntry(map['.']);
  for (const condition of ['import', 'node', 'default']) {
    const found = exportedEntry(map[condition]);
    if (found) return found;
  }
  return undefined;
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
