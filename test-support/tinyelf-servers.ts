import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tinyelfBin } from './tinyelf-bin';

export { tinyelfBin };

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A running `tinyelf mcp serve --http` worker. */
export interface TinyelfWorker {
  /** Its MCP endpoint. */
  readonly url: string;
  /** Its port. */
  readonly port: number;
  /** The process. */
  readonly process: ChildProcess;
  /** Ends it (SIGKILL: gone at once, as a crashed worker) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `tinyelf mcp serve --http --port <port>` in `folder` with `token`; resolves once it prints
 * its URL. `env` adds variables (such as a worker's name).
 */
export async function startTinyelfWorker(
  folder: string,
  token: string,
  port?: number,
  env: Record<string, string> = {},
): Promise<TinyelfWorker> {
  if (!existsSync(tinyelfBin))
    throw new Error(`${tinyelfBin} is missing: run \`pnpm build\` before these tests.`);
  const chosen = port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [tinyelfBin, 'mcp', 'serve', '--http', '--port', String(chosen), '--dir', folder],
    {
      env: { ...process.env, ...env, TINYELF_MCP_TOKEN: token },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk;
      const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text);
      if (found) resolve(found[1]!);
    });
    child.once('exit', () => reject(new Error(`tinyelf mcp serve exited: ${text}`)));
  });
  return {
    url,
    port: chosen,
    process: child,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A JSON-RPC message a scripted server received. */
export interface ScriptedMessage {
  readonly id?: number;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

/**
 * A hand-written HTTP server on 127.0.0.1 whose `answer(method, response)` decides each JSON-RPC
 * request's fate (a wrong version, a dropped connection); for the failures a real worker does not
 * produce on demand.
 */
export async function startScriptedServer(
  answer: (message: ScriptedMessage, response: ServerResponse, request: IncomingMessage) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    answer(JSON.parse(Buffer.concat(chunks).toString('utf8')), response, request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers a message with a JSON-RPC result as JSON (a notification with 202). */
export function answerJson(
  message: ScriptedMessage,
  response: ServerResponse,
  result: unknown,
): void {
  if (message.id === undefined) {
    response.writeHead(202).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
}
