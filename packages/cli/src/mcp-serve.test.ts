import { existsSync } from 'node:fs';
import {
  LoggingMessageNotificationSchema,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_POST_HEADERS } from '@tinyelf/test-support/raw-http';
import { describe, expect, it } from 'vitest';
import { connect, serve, sleeps, token } from './testing/mcp-serve-fixture';

describe('tinyelf mcp serve --http: protocol', () => {
  it('answers an unknown tool with the protocol error -32602, not a tool result', async () => {
    const { url } = await serve();
    const client = await connect(url);
    await expect(client.callTool({ name: 'Raed', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(
        /^MCP error -32602: Unknown tool "Raed". Available tools: Read,/,
      ),
    });
  });

  it("passes a tool's progress on as notifications/progress, and logs after logging/setLevel", async () => {
    const { url } = await serve();
    const client = await connect(url);
    const progress: Progress[] = [];
    const result = await client.callTool({ name: 'count_up', arguments: {} }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'counted' }]);
    expect(progress).toEqual([
      { progress: 1, message: 'one', _meta: { 'tinyelf/progressCounted': true } },
      { progress: 2, message: 'two', _meta: { 'tinyelf/progressCounted': true } },
      { progress: 3, message: 'three', _meta: { 'tinyelf/progressCounted': true } },
    ]);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification.params);
    });
    await client.callTool({ name: 'count_up', arguments: {} });
    expect(logged).toEqual([]);
    expect(await client.setLoggingLevel('info')).toEqual({});
    await client.callTool({ name: 'count_up', arguments: {} });
    expect(logged).toEqual(
      ['one', 'two', 'three'].map((data) => ({ level: 'info', logger: 'count_up', data })),
    );
    // The level is the client's own: another client still gets no log messages.
    const other = await connect(url);
    const otherLogged: unknown[] = [];
    other.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      otherLogged.push(notification.params);
    });
    await other.callTool({ name: 'count_up', arguments: {} });
    expect(otherLogged).toEqual([]);
  });

  it('offers the skills as resources and the slash commands as prompts', async () => {
    const { url } = await serve();
    const client = await connect(url);
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {} });
    expect((await client.listResources()).resources).toEqual([
      {
        uri: 'skill://release-notes',
        name: 'release-notes',
        title: 'Skill release-notes',
        description: 'Writes release notes from the changelog.',
        mimeType: 'text/markdown',
      },
    ]);
    const read = await client.readResource({ uri: 'skill://release-notes' });
    expect(read.contents[0]).toMatchObject({
      uri: 'skill://release-notes',
      text: expect.stringContaining('Read CHANGELOG.md first.'),
    });
    await expect(client.readResource({ uri: 'skill://nope' })).rejects.toMatchObject({
      code: -32002,
    });
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toMatchObject({
      code: -32002,
    });
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      {
        name: 'review',
        description: 'Reviews a file',
        arguments: [
          { name: 'arguments', description: "The command's arguments: FILE", required: false },
        ],
      },
    ]);
    expect(
      await client.getPrompt({ name: 'review', arguments: { arguments: 'src/main.ts' } }),
    ).toEqual({
      description: 'Reviews a file',
      messages: [{ role: 'user', content: { type: 'text', text: 'Review src/main.ts for bugs.' } }],
    });
  });
});

describe('tinyelf mcp serve --http: stopping calls', () => {
  it('stops a Bash sleep when the client cancels the call', async () => {
    const { url, process: server } = await serve();
    const client = await connect(url);
    const controller = new AbortController();
    const call = client.callTool({ name: 'Bash', arguments: { command: 'sleep 47' } }, undefined, {
      signal: controller.signal,
    });
    await expect.poll(() => sleeps(server.pid!).length, { timeout: 10_000 }).toBe(1);
    controller.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(() => sleeps(server.pid!), { timeout: 10_000 }).toEqual([]);
  });

  it('stops a Bash sleep when the client closes the request', async () => {
    const { url, process: server } = await serve();
    const { request } = await import('node:http');
    const target = new URL(url);
    const call = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${token}` },
    });
    call.on('error', () => undefined);
    call.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'Bash', arguments: { command: 'sleep 47' } },
      }),
    );
    await expect.poll(() => sleeps(server.pid!).length, { timeout: 10_000 }).toBe(1);
    call.destroy();
    await expect.poll(() => sleeps(server.pid!), { timeout: 10_000 }).toEqual([]);
  });

  it('answers a call in flight with an error on SIGTERM, stops its tool and exits 0', async () => {
    const { url, process: server, stop } = await serve();
    const client = await connect(url);
    const call = client.callTool({ name: 'Bash', arguments: { command: 'sleep 47' } });
    await expect.poll(() => sleeps(server.pid!).length, { timeout: 10_000 }).toBe(1);
    const sleepPid = sleeps(server.pid!)[0]!;
    const exited = stop();
    await expect(call).rejects.toThrow('The server is shutting down; the request was stopped.');
    expect(await exited).toBe(0);
    expect(existsSync(`/proc/${sleepPid}/cmdline`)).toBe(false);
  });
});
