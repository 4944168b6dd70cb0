import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { INITIALIZE_BODY, MCP_POST_HEADERS, rawHttp } from '@tinyelf/test-support/raw-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type StatelessMcpHttpServer,
  startStatelessMcpHttpServer,
} from './stateless-mcp-http-server';

let server: StatelessMcpHttpServer;
let url: string;
let connected = 0;

beforeAll(async () => {
  server = await startStatelessMcpHttpServer({
    token: 'secret-token',
    serverFor: () => () => {
      connected++;
      const mcp = new McpServer({ name: 'test', version: '1.0.0' });
      mcp.registerTool(
        'echo',
        { description: 'Echoes', inputSchema: { text: z.string() } },
        ({ text }) => ({ content: [{ type: 'text', text }] }),
      );
      mcp.registerTool('steps', { description: 'Reports two steps' }, async (extra) => {
        const progressToken = extra._meta?.progressToken;
        for (const progress of [1, 2])
          if (progressToken !== undefined)
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken, progress, total: 2, message: `step ${progress}` },
            });
        return { content: [{ type: 'text', text: 'done' }] };
      });
      return mcp;
    },
  });
  url = `${server.origin}/mcp`;
});
afterAll(() => server.close());

function post(body: unknown, headers: Record<string, string | null> = {}) {
  return rawHttp(url, {
    headers: { ...MCP_POST_HEADERS, authorization: 'Bearer secret-token', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const call = (id: number, name: string, args: Record<string, unknown>, meta?: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...(meta && { _meta: meta }) },
});

describe('one POST, one exchange', () => {
  it('answers a call with nothing before its result as one JSON body', async () => {
    const answer = await post(call(3, 'echo', { text: 'hi' }));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'hi' }] },
    });
  });

  it('answers a batch of calls with their results in the order asked', async () => {
    const answer = await post([call(1, 'echo', { text: 'one' }), call(2, 'echo', { text: 'two' })]);
    expect(answer.headers['content-type']).toBe('application/json');
    const results = JSON.parse(answer.text) as { id: number; result: { content: unknown } }[];
    expect(results.map((result) => [result.id, result.result.content])).toEqual([
      [1, [{ type: 'text', text: 'one' }]],
      [2, [{ type: 'text', text: 'two' }]],
    ]);
  });

  it('streams the progress of a call that reports it, then its result, as SSE', async () => {
    const answer = await post(call(5, 'steps', {}, { progressToken: 'p' }));
    expect(answer.headers['content-type']).toBe('text/event-stream');
    const events = answer.text
      .split('\n\n')
      .filter((block) => block.startsWith('event: message'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)));
    expect(events.map((message) => message.params?.message ?? message.result)).toEqual([
      'step 1',
      'step 2',
      { content: [{ type: 'text', text: 'done' }] },
    ]);
  });

  it('gives the SDK client both kinds of answer and its progress', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: 'Bearer secret-token' } },
      }),
    );
    const progress: string[] = [];
    expect(await client.callTool({ name: 'echo', arguments: { text: 'x' } })).toEqual({
      content: [{ type: 'text', text: 'x' }],
    });
    const steps = await client.callTool({ name: 'steps', arguments: {} }, undefined, {
      onprogress: (update) => progress.push(String(update.message)),
    });
    expect(steps.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(progress).toEqual(['step 1', 'step 2']);
    await client.close();
  });

  it('answers notifications alone with 202 and no server', async () => {
    const before = connected;
    const answer = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
    expect(connected).toBe(before);
  });
});

describe('what the SDK transport refuses, refused alike', () => {
  it('wants a client that accepts JSON and SSE, and sends JSON', async () => {
    const json = await post(INITIALIZE_BODY, { accept: 'application/json' });
    expect(json.status).toBe(406);
    expect(JSON.parse(json.text).error.message).toBe(
      'Not Acceptable: Client must accept both application/json and text/event-stream',
    );
    expect((await post(INITIALIZE_BODY, { 'content-type': 'text/plain' })).status).toBe(415);
    const charset = await post(INITIALIZE_BODY, {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(charset.status).toBe(200);
  });

  it('refuses a message that is not JSON-RPC, initialize in a batch, an unknown protocol version', async () => {
    const junk = await post({ hello: 'world' });
    expect([junk.status, JSON.parse(junk.text).error.code]).toEqual([400, -32700]);
    const batch = await post([JSON.parse(INITIALIZE_BODY), call(2, 'echo', { text: 'x' })]);
    expect(JSON.parse(batch.text).error.message).toBe(
      'Invalid Request: Only one initialization request is allowed',
    );
    const version = await post(call(2, 'echo', { text: 'x' }), {
      'mcp-protocol-version': '1999-01-01',
    });
    expect(version.status).toBe(400);
    expect(JSON.parse(version.text).error.message).toMatch(
      /^Bad Request: Unsupported protocol version: 1999-01-01 \(supported versions: .*2025-06-18/,
    );
  });
});
