import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The built `tinyelf` command (`pnpm build` first), found as the repository's root installs it
 * (the `tinyelf` workspace package), so a package's tests can run the CLI without a path into
 * another package's folder or a dependency on the CLI (which depends on them).
 */
export const tinyelfBin = join(
  dirname(
    createRequire(new URL('../package.json', import.meta.url)).resolve('tinyelf/package.json'),
  ),
  'dist',
  'bin.js',
);
