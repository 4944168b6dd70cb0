import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The built `tinyelf` command (run `pnpm build` first). */
export const tinyelfBin = fileURLToPath(
  new URL('../../../packages/cli/dist/bin.js', import.meta.url),
);

/** The entry script of the real "everything" MCP server from npm. */
export const everythingServer = require.resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

/** The everything server as a stdio entry of the `mcp` configuration section. */
export const everythingStdio = {
  id: 'everything',
  transport: 'stdio',
  command: process.execPath,
  args: [everythingServer, 'stdio'],
};

/** A fresh real temporary folder (symlinks resolved) with the given files. */
export function makeWorkspace(files: Record<string, string> = {}, prefix = 'tinyelf-e2e-'): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}
