import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shareMcpServer } from './shared-mcp-server';
import { startStatelessMcpHttpServer } from './stateless-mcp-http-server';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A shared server with `echo` (answers after `delay` ms), `wait` (until aborted) and `whoami`. */
async function start() {
  const log = { created: 0, aborted: [] as string[] };
  const create = () => {
    log.created++;
    const mcp = new McpServer({ name: 'test', version: '1.0.0' });
    mcp.registerTool(
      'echo',
      { inputSchema: { text: z.string(), delay: z.number() } },
      async ({ text, delay }) => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        return { content: [{ type: 'text', text }] };
      },
    );
    mcp.registerTool('wait', { inputSchema: { tag: z.string() } }, ({ tag }, extra) => {
      return new Promise((resolve) => {
        extra.signal.addEventListener('abort', () => {
          log.aborted.push(tag);
          resolve({ content: [{ type: 'text', text: 'aborted' }] });
        });
      });
    });
    mcp.registerTool('whoami', {}, (extra) => ({
      content: [{ type: 'text', text: String(extra.requestInfo?.headers['mcp-session-id']) }],
    }));
    return mcp.server;
  };
  const serve = shareMcpServer(create);
  const server = await startStatelessMcpHttpServer({
    token: 'secret-token',
    serverFor: (path) => (path === '/mcp' ? serve : undefined),
  });
  cleanups.push(() => server.close());
  return { log, url: `${server.origin}/mcp` };
}

async function connect(url: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: 'Bearer secret-token' } },
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport };
}

const textOf = (result: unknown) =>
  ((result as { content: { text: string }[] }).content[0] as { text: string }).text;

describe('shareMcpServer', () => {
  it('answers 20 concurrent calls of 20 clients (the same request ids) each with its own answer', async () => {
    const { url, log } = await start();
    const clients = await Promise.all(Array.from({ length: 20 }, () => connect(url)));
    // The shared server, and one per initialize.
    expect(log.created).toBe(21);
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        clients.map(({ client }, index) =>
          client.callTool({
            name: 'echo',
            arguments: { text: `client ${index} round ${round}`, delay: (19 - index) * 2 },
          }),
        ),
      );
      expect(answers.map(textOf)).toEqual(
        clients.map((_, index) => `client ${index} round ${round}`),
      );
    }
    expect(log.created).toBe(21);
    const tools = await clients[3]!.client.listTools();
    expect(tools.tools.map((tool) => tool.name).sort()).toEqual(['echo', 'wait', 'whoami']);
  });

  it("aborts only the cancelled call, not another client's call with the same id", async () => {
    const { url, log } = await start();
    const [first, second] = [await connect(url), await connect(url)];
    const stop = new AbortController();
    const cancelled = first.client
      .callTool({ name: 'wait', arguments: { tag: 'first' } }, undefined, { signal: stop.signal })
      .catch((error: Error) => error);
    const running = second.client.callTool(
      { name: 'wait', arguments: { tag: 'second' } },
      undefined,
      { timeout: 60_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop.abort('enough');
    await cancelled;
    await expect.poll(() => log.aborted).toEqual(['first']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(log.aborted).toEqual(['first']);
    const echoed = await second.client.callTool({
      name: 'echo',
      arguments: { text: 'ok', delay: 0 },
    });
    expect(textOf(echoed)).toBe('ok');
    void running.catch(() => undefined);
  });

  it("gives handlers the client's session id in mcp-session-id", async () => {
    const { url } = await start();
    const { client, transport } = await connect(url);
    const answer = await client.callTool({ name: 'whoami', arguments: {} });
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(textOf(answer)).toBe(transport.sessionId);
  });
});
