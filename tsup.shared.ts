import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/**
 * The build every package shares: ESM for Node 20 with declarations and source maps, the
 * package's version as `__PACKAGE_VERSION__`. `overrides` adds entries, externals and the like.
 */
export function packageBuild(packageDirectory: URL, overrides: Options = {}) {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', packageDirectory), 'utf8'));
  return defineConfig({
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    define: { __PACKAGE_VERSION__: JSON.stringify(version) },
    ...overrides,
  });
}
