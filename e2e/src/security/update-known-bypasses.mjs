#!/usr/bin/env node
// Regenerates e2e/src/security/known-bypasses.json and known-mutation-bypasses.json from the
// current classifier: runs the security tests with TINYELF_UPDATE_KNOWN_BYPASSES=1, in which mode
// they record every failing case instead of failing. Run from anywhere in the repository:
//   node e2e/src/security/update-known-bypasses.mjs
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const result = spawnSync(
  'pnpm',
  ['vitest', 'run', '--project', 'e2e', 'e2e/src/security/', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TINYELF_UPDATE_KNOWN_BYPASSES: '1' },
  },
);
process.exit(result.status ?? 1);
