import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `tinyelf mcp serve --http` (the built `bin`) in a folder; resolves once it prints its URL. `env`
 * adds variables to its environment.
 */
export async function startTinyelfHttp(
  bin: string,
  folder: string,
  token: string,
  env: Record<string, string> = {},
): Promise<{ url: string; process: ChildProcess; stop: () => Promise<number | null> }> {
  const server = spawn(process.execPath, [bin, 'mcp', 'serve', '--http', '--dir', folder], {
    env: { ...process.env, ...env, TINYELF_MCP_TOKEN: token },
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
