import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { McpService } from './mcp-service';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/**
 * A stateful Streamable HTTP server as the SDK's own example writes one (a transport per session,
 * found by its `Mcp-Session-Id`; 404 for an id it does not know), that can forget its sessions, as
 * a restarted server or another instance behind a load balancer does.
 */
async function startForgetfulServer() {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const all: StreamableHTTPServerTransport[] = [];
  const seen = { initialized: [] as string[], calls: [] as string[] };
  const http: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const id = request.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!transport && typeof id === 'string') {
      response.writeHead(404, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32001, message: 'Session not found' },
          id: null,
        }),
      );
    }
    if (!transport) {
      if (request.method !== 'POST' || !isInitializeRequest(body)) {
        response.writeHead(400).end();
        return;
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sessionId) => {
          sessions.set(sessionId, created);
          seen.initialized.push(sessionId);
        },
      });
      all.push(created);
      const mcp = new McpServer({ name: 'forgetful', version: '1.0.0' });
      mcp.registerTool('whoami', { description: 'Says which session ran it' }, () => {
        seen.calls.push(created.sessionId ?? '');
        return { content: [{ type: 'text', text: `session ${created.sessionId}` }] };
      });
      await mcp.connect(created);
      transport = created;
    }
    await transport.handleRequest(request, response, body);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanup.push(async () => {
    await Promise.all(all.map((transport) => transport.close()));
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    seen,
    forget: () => sessions.clear(),
  };
}

describe('a Streamable HTTP server that forgets the session', () => {
  it('answers 404 for it, and the client initialises a new session and makes the call once', async () => {
    const server = await startForgetfulServer();
    const service = new McpService([{ id: 'forgetful', transport: 'http', url: server.url }], {
      connectTimeoutMs: 10_000,
      callTimeoutMs: 10_000,
      oauth: { directory: '/nonexistent' },
    });
    cleanup.push(() => service.dispose());
    expect((await service.start())[0]?.state).toBe('connected');
    const registry = new ToolRegistry({ spillDirectory: false });
    service.attach(registry);

    const first = await registry.execute('c1', 'mcp__forgetful__whoami', {});
    expect(server.seen.initialized).toHaveLength(1);
    expect(first).toMatchObject({
      isError: false,
      content: `session ${server.seen.initialized[0]}`,
    });

    server.forget();
    const second = await registry.execute('c2', 'mcp__forgetful__whoami', {});
    expect(server.seen.initialized).toHaveLength(2);
    const [old, renewed] = server.seen.initialized;
    expect(renewed).not.toBe(old);
    expect(second).toMatchObject({ isError: false, content: `session ${renewed}` });
    // The 404 came before the call ran: it ran once, on the new session.
    expect(server.seen.calls).toEqual([old, renewed]);

    const third = await registry.execute('c3', 'mcp__forgetful__whoami', {});
    expect(third.content).toBe(`session ${renewed}`);
    expect(server.seen.initialized).toHaveLength(2);
  });
});
