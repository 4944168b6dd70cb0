import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { TinyElfError } from '@tinyelf/core';
import { INITIALIZE_BODY, MCP_POST_HEADERS, rawHttp } from '@tinyelf/test-support/raw-http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type StatelessMcpHttpServerOptions,
  startStatelessMcpHttpServer,
} from './stateless-mcp-http-server';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** What the `wait` tool saw: started, and how it ended. */
interface WaitLog {
  started: number;
  aborted: number;
}

/** A server with a `wait` tool that runs until its call is aborted. */
async function start(options: Partial<StatelessMcpHttpServerOptions> = {}) {
  const log: WaitLog = { started: 0, aborted: 0 };
  const server = await startStatelessMcpHttpServer({
    token: 'secret-token',
    version: '9.9.9',
    serverFor: (path) =>
      path === '/mcp'
        ? () => {
            const mcp = new McpServer({ name: 'test', version: '1.0.0' });
            mcp.registerTool('wait', { description: 'Waits until aborted' }, (extra) => {
              log.started++;
              return new Promise((resolve) => {
                extra.signal.addEventListener('abort', () => {
                  log.aborted++;
                  resolve({ content: [{ type: 'text', text: 'aborted' }] });
                });
              });
            });
            return mcp;
          }
        : undefined,
    ...options,
  });
  cleanups.push(() => server.close());
  return { server, log, url: `${server.origin}/mcp` };
}

function post(url: string, headers: Record<string, string | null> = {}, body = INITIALIZE_BODY) {
  return rawHttp(url, {
    headers: { ...MCP_POST_HEADERS, authorization: 'Bearer secret-token', ...headers },
    body,
  });
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: 'Bearer secret-token' } },
    }),
  );
  cleanups.push(() => client.close());
  return client;
}

describe('stateless MCP HTTP server: who may call', () => {
  it('refuses a Host or Origin that is not loopback or allowed with 403, Origin: null too', async () => {
    const { url, server } = await start();
    const port = new URL(server.origin).port;
    expect((await post(url)).status).toBe(200);
    expect((await post(url, { host: `localhost:${port}` })).status).toBe(200);
    expect((await post(url, { host: `[::1]:${port}` })).status).toBe(200);
    expect((await post(url, { origin: 'http://localhost:6274' })).status).toBe(200);
    const evilHost = await post(url, { host: `evil.example.com:${port}` });
    expect(evilHost.status).toBe(403);
    expect(JSON.parse(evilHost.text).error.message).toContain('The Host header "evil.example.com');
    expect((await post(url, { host: 'localhost.evil.example.com' })).status).toBe(403);
    // Node itself refuses an HTTP/1.1 request without a Host header.
    expect((await post(url, { host: null })).status).toBe(400);
    expect((await post(url, { origin: 'http://evil.example.com' })).status).toBe(403);
    expect((await post(url, { origin: 'null' })).status).toBe(403);
    expect((await post(url, { origin: 'file://' })).status).toBe(403);
  });

  it('accepts the host names and origins it is configured with', async () => {
    const { url } = await start({
      allowedHosts: ['mcp.example.com'],
      allowedOrigins: ['https://app.example.com'],
    });
    expect((await post(url, { host: 'mcp.example.com' })).status).toBe(200);
    expect((await post(url, { host: 'MCP.example.com:443' })).status).toBe(200);
    expect((await post(url, { origin: 'https://app.example.com' })).status).toBe(200);
    expect((await post(url, { origin: 'https://other.example.com' })).status).toBe(403);
  });

  it('answers 401 with WWW-Authenticate: Bearer, and takes the scheme in any case', async () => {
    const { url } = await start();
    const missing = await post(url, { authorization: null });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="tinyelf-mcp"');
    const wrong = await post(url, { authorization: 'Bearer wrong-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
    expect((await post(url, { authorization: 'Basic secret-token' })).status).toBe(401);
    expect((await post(url, { authorization: 'bearer secret-token' })).status).toBe(200);
    expect((await post(url, { authorization: 'BEARER secret-token' })).status).toBe(200);
  });

  it('serves without a token only on a loopback address', async () => {
    await expect(
      startStatelessMcpHttpServer({ auth: false, host: '0.0.0.0', serverFor: () => undefined }),
    ).rejects.toThrow(
      'Serving without a token is allowed on 127.0.0.1 or ::1 only, not on 0.0.0.0.',
    );
    const { url, server } = await start({ auth: false });
    expect(server.token).toBeUndefined();
    expect((await post(url, { authorization: null })).status).toBe(200);
  });

  it('answers GET /healthz with ok and the version, without a token', async () => {
    const { server } = await start();
    const health = await rawHttp(`${server.origin}/healthz`, { method: 'GET' });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok', version: '9.9.9' });
  });
});

describe('stateless MCP HTTP server: limits and failures', () => {
  it('refuses a body over 4 MB with 413, by its length or as it arrives', async () => {
    const { url } = await start();
    const big = Buffer.alloc(5 * 1024 * 1024, ' ');
    expect((await post(url, {}, big.toString())).status).toBe(413);
    const chunked = await rawHttp(url, {
      headers: {
        ...MCP_POST_HEADERS,
        authorization: 'Bearer secret-token',
        'transfer-encoding': 'chunked',
      },
      body: big,
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text).error.message).toBe(
      'The request body is larger than 4194304 bytes, the most this server reads.',
    );
    expect((await post(url)).status).toBe(200);
  });

  it('names the port in one line when it is in use', async () => {
    const { server } = await start();
    const port = Number(new URL(server.origin).port);
    const failed = await startStatelessMcpHttpServer({ port, serverFor: () => undefined }).catch(
      (error: unknown) => error,
    );
    expect(TinyElfError.hasCode(failed, 'MCP_HTTP_LISTEN_FAILED')).toBe(true);
    expect((failed as Error).message).toBe(
      `Port ${port} is already in use (127.0.0.1:${port}); stop what is using it or choose another port.`,
    );
  });
});

describe('stateless MCP HTTP server: stopping calls', () => {
  it('aborts the tool when the client cancels the call (notifications/cancelled)', async () => {
    const { url, log, server } = await start();
    const client = await connect(url);
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await expect.poll(() => log.started).toBe(1);
    controller.abort('changed my mind');
    await expect(call).rejects.toThrow();
    await expect.poll(() => log.aborted).toBe(1);
    await expect.poll(() => server.inFlight).toBe(0);
  });

  it("gives each client an Mcp-Session-Id, so one client's cancellation stops its own call only", async () => {
    const { url, log, server } = await start();
    const first = await connect(url);
    const second = await connect(url);
    const ids = [first, second].map(
      (client) => (client.transport as StreamableHTTPClientTransport).sessionId,
    );
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    const controller = new AbortController();
    const cancelled = first.callTool({ name: 'wait', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    const running = second.callTool({ name: 'wait', arguments: {} });
    await expect.poll(() => log.started).toBe(2);
    controller.abort();
    await expect(cancelled).rejects.toThrow();
    await expect.poll(() => log.aborted).toBe(1);
    expect(server.inFlight).toBe(1);
    await server.close();
    await expect(running).rejects.toThrow('The server is shutting down');
    expect(log.aborted).toBe(2);
  });

  it('aborts the tool when the client closes the request', async () => {
    const { url, log, server } = await start();
    const target = new URL(url);
    const call = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, authorization: 'Bearer secret-token' },
    });
    call.on('error', () => undefined);
    call.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'wait', arguments: {} },
      }),
    );
    await expect.poll(() => log.started).toBe(1);
    call.destroy();
    await expect.poll(() => log.aborted).toBe(1);
    await expect.poll(() => server.inFlight).toBe(0);
  });

  it('answers the calls in flight with an error when it stops, and stops their tools', async () => {
    const { url, log, server } = await start();
    const client = await connect(url);
    const call = client.callTool({ name: 'wait', arguments: {} });
    await expect.poll(() => log.started).toBe(1);
    await server.close();
    await expect(call).rejects.toThrow('The server is shutting down; the request was stopped.');
    expect(log.aborted).toBe(1);
  });
});
