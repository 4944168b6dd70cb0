import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * The vitest project of a package: its tests beside the code, workspace packages aliased to their
 * sources, and `__PACKAGE_VERSION__` defined as tsup defines it.
 */
export function packageProject(packageDirectory: URL, name: string, testTimeout = 30_000) {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', packageDirectory), 'utf8'));
  return {
    resolve: { alias: workspaceAliases },
    define: { __PACKAGE_VERSION__: JSON.stringify(version) },
    test: { name, include: ['src/**/*.test.ts'], testTimeout },
  };
}
