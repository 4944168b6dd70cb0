import { readFileSync } from 'node:fs';
import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineProject({
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
  resolve: { alias: workspaceAliases },
  test: { name: 'tool-web', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
