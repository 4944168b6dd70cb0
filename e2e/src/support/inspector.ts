import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { runProcess } from '@tinyelf/test-support/run-process';

const require = createRequire(import.meta.url);

/**
 * The MCP Inspector's launcher (`@modelcontextprotocol/inspector-cli`, the `mcp-inspector` command
 * of `@modelcontextprotocol/inspector` v1; v2 needs Node 22), run as `--cli`.
 */
const inspectorLauncher = require.resolve('@modelcontextprotocol/inspector-cli/build/cli.js');

/**
 * Runs `mcp-inspector --cli <target...> <options...>` and parses its JSON answer. The inspector
 * reads its own package.json through a path it checks relative to the working folder, so it runs
 * from its `build` folder.
 */
export async function inspector(args: readonly string[]): Promise<unknown> {
  const result = await runProcess(process.execPath, [inspectorLauncher, '--cli', ...args], {
    cwd: dirname(inspectorLauncher),
  });
  if (result.code !== 0)
    throw new Error(`the inspector failed (${result.code}): ${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}
