import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packagesDirectory = fileURLToPath(new URL('./packages', import.meta.url));

/**
 * Aliases every workspace package (and its `testing` entry) to its `src`, so tests run on the
 * source without a build (the smoke test checks the built output separately).
 */
export const workspaceAliases = readdirSync(packagesDirectory).flatMap((folder) => {
  const name = folder === 'cli' ? 'tinyelf' : `@tinyelf/${folder}`;
  const source = join(packagesDirectory, folder, 'src');
  const aliases = [];
  if (existsSync(join(source, 'testing', 'index.ts'))) {
    aliases.push({ find: `${name}/testing`, replacement: join(source, 'testing', 'index.ts') });
  }
  aliases.push({ find: new RegExp(`^${name}$`), replacement: join(source, 'index.ts') });
  return aliases;
});
