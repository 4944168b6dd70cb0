import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `tinyelf mcp serve --http` (the built `bin`) in a folder, with the token in TINYELF_MCP_TOKEN
 * (none when undefined), any more arguments and more environment variables; resolves once it
 * prints its URL.
 */
export async function startTinyelfHttp(
  bin: string,
  folder: string,
  token: string | undefined,
  args: readonly string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<{
  url: string;
  process: ChildProcess;
  stderr: () => string;
  stop: () => Promise<number | null>;
}> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, TINYELF_MCP_TOKEN: token };
  if (token === undefined) delete env.TINYELF_MCP_TOKEN;
  const server = spawn(
    process.execPath,
    [bin, 'mcp', 'serve', '--http', '--dir', folder, ...args],
    {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  let text = '';
  const url = await new Promise<string>((resolve, reject) => {
    server.stderr?.on('data', (chunk: Buffer) => {
      text += chunk;
      const found = /TinyElf MCP server on (http:\/\/\S+\/mcp)\n/.exec(text);
      if (found) resolve(found[1]!);
    });
    server.on('exit', () => reject(new Error(`tinyelf mcp serve exited: ${text}`)));
  });
  return {
    url,
    process: server,
    stderr: () => text,
    stop: async () => {
      server.kill('SIGTERM');
      return exited;
    },
  };
}
