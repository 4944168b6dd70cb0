import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createContainer, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext, describePluginConformance } from '@tinyelf/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpPlugin } from '../mcp-plugin';
import { McpService } from '../service/mcp-service';
import { registerMcpTransport } from '../service/transport-factories';
import { BuiltinMcpHttpServer } from './builtin-mcp-http-server';
import { type McpProvider, McpProviderRegistry } from './mcp-provider-registry';

function notesProvider(): McpProvider {
  return {
    id: 'notes',
    isEligible: (context) => context.agent.depth === 0,
    createServer: () => {
      const server = new McpServer({ name: 'notes', version: '1.0.0' });
      server.registerTool(
        'add_note',
        {
          description: 'Adds a note',
          inputSchema: { text: z.string(), pinned: z.boolean().optional() },
        },
        async ({ text, pinned }) => ({
          content: [{ type: 'text', text: `noted: ${text}${pinned ? ' (pinned)' : ''}` }],
        }),
      );
      return server;
    },
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

describe('builtin MCP providers', () => {
  it('run in-process for eligible agents only, as mcp__<id>__<tool>', async () => {
    const providers = new McpProviderRegistry().add(notesProvider());
    const main = await providers.load(createTestBuildContext());
    cleanups.push(main.dispose);
    const registry = new ToolRegistry().registerAll(main.tools);
    expect(registry.getNames()).toEqual(['mcp__notes__add_note']);
    expect(
      (await registry.execute('c', 'mcp__notes__add_note', { text: 'ship it', pinned: 'true' }))
        .content,
    ).toBe('noted: ship it (pinned)');
    const subAgent = await providers.load(
      createTestBuildContext({ agent: { name: 'helper', depth: 1, permissionMode: 'default' } }),
    );
    expect(subAgent.tools).toEqual([]);
  });

  it('are served over Streamable HTTP with a bearer token', async () => {
    const bridge = new BuiltinMcpHttpServer(
      new McpProviderRegistry().add(notesProvider()),
      createTestBuildContext(),
    );
    cleanups.push(() => bridge.close());
    const { token, servers } = await bridge.start();
    expect(servers).toEqual([
      { id: 'notes', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/notes$/) },
    ]);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(servers[0]!.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    cleanups.push(() => client.close());
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add_note']);
    const result = await client.callTool({ name: 'add_note', arguments: { text: 'via http' } });
    expect(result.content).toEqual([{ type: 'text', text: 'noted: via http' }]);
    const stranger = new Client({ name: 'stranger', version: '1.0.0' });
    await expect(
      stranger.connect(new StreamableHTTPClientTransport(new URL(servers[0]!.url))),
    ).rejects.toThrow(/401|bearer token/i);
    const response = await fetch(servers[0]!.url, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});

describe('custom transports and tool list changes', () => {
  it('connects through a transport kind registered in the container, and refreshes tools when the server changes them', async () => {
    const server = new McpServer({ name: 'live', version: '1.0.0' });
    server.registerTool('first', { description: 'First tool' }, async () => ({
      content: [{ type: 'text', text: 'one' }],
    }));
    const container = createContainer();
    registerMcpTransport(container, 'in-process', async () => {
      const [client, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      return client;
    });
    const service = new McpService([{ id: 'live', transport: 'in-process' }], { container });
    cleanups.push(() => service.dispose());
    await service.start();
    const registry = new ToolRegistry();
    service.attach(registry);
    expect(registry.getNames()).toEqual(['mcp__live__first']);
    server.registerTool('second', { description: 'Second tool' }, async () => ({
      content: [{ type: 'text', text: 'two' }],
    }));
    await expect
      .poll(() => registry.getNames().sort())
      .toEqual(['mcp__live__first', 'mcp__live__second']);
    expect((await registry.execute('c', 'mcp__live__second', {})).content).toBe('two');
  });

  it('names an unknown transport kind', async () => {
    const service = new McpService([{ id: 'odd', transport: 'carrier-pigeon' }]);
    cleanups.push(() => service.dispose());
    const [status] = await service.start();
    expect(status?.error).toContain('no transport "carrier-pigeon" is known');
  });
});

describe('MCP plugin', () => {
  it('is ineligible without servers or providers, so the SDK is never loaded for it', async () => {
    expect(await createMcpPlugin().isEligible?.(createTestBuildContext())).toEqual({
      eligible: false,
      reason: 'no MCP servers are configured (mcp.servers) and no builtin providers are given',
    });
  });

  describePluginConformance(
    () => createMcpPlugin({ providers: new McpProviderRegistry().add(notesProvider()) }),
    {
      sampleInputs: { mcp__notes__add_note: { text: 'conformance' } },
    },
  );
});
