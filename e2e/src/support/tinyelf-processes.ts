import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { runProcess } from '../../../test-support/run-process';
import { tinyelfBin } from './workspace';

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

/** `tinyelf mcp serve --http` in a folder; resolves once it prints its URL. */
export async function startTinyelfHttp(
  folder: string,
  token: string,
): Promise<{ url: string; process: ChildProcess; stop: () => Promise<number | null> }> {
  const server = spawn(process.execPath, [tinyelfBin, 'mcp', 'serve', '--http', '--dir', folder], {
    env: { ...process.env, TINYELF_MCP_TOKEN: token },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      text += chunk;
      const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text);
      if (found) resolve(found[1]!);
    });
    server.on('exit', () => reject(new Error(`tinyelf mcp serve exited: ${text}`)));
  });
  return {
    url,
    process: server,
    stop: async () => {
      server.kill('SIGTERM');
      return exited;
    },
  };
}
