import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: { name: 'cli', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
