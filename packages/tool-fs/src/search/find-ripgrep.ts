import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The ripgrep binary: a given path, or `rg` found on the PATH (`'auto'`); undefined if none. */
export function findRipgrep(setting: 'auto' | string): string | undefined {
  if (setting !== 'auto') return setting;
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, 'rg');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
