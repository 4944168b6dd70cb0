import { readFileSync } from 'node:fs';
import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineProject({
  resolve: { alias: workspaceAliases },
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
  test: { name: 'core', include: ['src/**/*.test.ts'] },
});
