import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { runProcess } from '../../../test-support/run-process';

const require = createRequire(import.meta.url);

/** The MCP Inspector's command-line client (`@modelcontextprotocol/inspector-cli`). */
const inspectorCli = require.resolve('@modelcontextprotocol/inspector-cli/build/index.js');

/**
 * Runs the MCP Inspector in CLI mode and parses its JSON answer. It reads its own package.json
 * through a path it checks relative to the working folder, so it runs from its `build` folder.
 */
export async function inspector(args: readonly string[]): Promise<unknown> {
  const result = await runProcess(process.execPath, [inspectorCli, ...args], {
    cwd: dirname(inspectorCli),
  });
  if (result.code !== 0)
    throw new Error(`the inspector failed (${result.code}): ${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}
