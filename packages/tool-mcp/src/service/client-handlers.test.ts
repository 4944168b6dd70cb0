import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createContainer, ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { everythingServer } from '../testing/servers';
import type { McpClientHandlers } from './client-handlers';
import { McpService } from './mcp-service';
import { registerMcpTransport } from './transport-factories';

const services: McpService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.dispose()));
});

/** A server whose tools ask the user (elicitation) and the host's model (sampling). */
async function askingServer(handlers: McpClientHandlers) {
  const container = createContainer();
  const seen: { capabilities?: unknown } = {};
  registerMcpTransport(container, 'memory', async () => {
    const mcp = new McpServer({ name: 'asker', version: '1.0.0' });
    mcp.registerTool('ask', { description: 'Asks for a name.' }, async () => {
      seen.capabilities = mcp.server.getClientCapabilities();
      const answer = await mcp.server.elicitInput({
        message: 'Your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', default: 'Elf' } },
          required: ['name'],
        },
      });
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    });
    mcp.registerTool('sample', { description: 'Asks the model.' }, async () => {
      const answer = await mcp.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
        maxTokens: 20,
      });
      return { content: [{ type: 'text', text: JSON.stringify(answer.content) }] };
    });
    const [client, server] = InMemoryTransport.createLinkedPair();
    await mcp.connect(server);
    return client;
  });
  const service = new McpService([{ id: 'asker', transport: 'memory' }], {
    container,
    ...handlers,
  });
  services.push(service);
  await service.start();
  const registry = new ToolRegistry({ spillDirectory: false });
  service.attach(registry);
  return { registry, seen };
}

describe('elicitation and sampling', () => {
  it('passes an elicitation to the host and returns its answer; true accepts the defaults', async () => {
    const asked: string[] = [];
    const { registry, seen } = await askingServer({
      elicit: async (request) => {
        asked.push(`${request.serverId}: ${request.message}`);
        return true;
      },
    });
    const result = await registry.execute('c', 'mcp__asker__ask', {});
    expect(JSON.parse(result.content)).toEqual({ action: 'accept', content: { name: 'Elf' } });
    expect(asked).toEqual(['asker: Your name?']);
    expect(seen.capabilities).toEqual({ elicitation: { form: {} } });
  });

  it('declines an elicitation at once when the host has no one to ask, and sampling without a model', async () => {
    const { registry } = await askingServer({});
    const result = await registry.execute('c', 'mcp__asker__ask', {});
    expect(JSON.parse(result.content)).toEqual({ action: 'decline' });
    const sampled = await registry.execute('c', 'mcp__asker__sample', {});
    expect(sampled.isError).toBe(true);
    // Sampling is not declared without a model: the request is refused at once.
    expect(sampled.content).toContain('Method not found');
  });

  it('answers sampling with the background model when the host allows it, and refuses when not', async () => {
    const prompts: string[] = [];
    let allow = true;
    const { registry, seen } = await askingServer({
      elicit: async () => ({ action: 'accept', content: { name: 'Pip' } }),
      sampling: {
        model: {
          complete: async (prompt) => {
            prompts.push(prompt);
            return 'hi there';
          },
        },
        allow: async () => allow,
      },
    });
    const sampled = await registry.execute('c', 'mcp__asker__sample', {});
    expect(JSON.parse(sampled.content)).toEqual({ type: 'text', text: 'hi there' });
    expect(prompts).toEqual(['user: Say hi']);
    await registry.execute('c', 'mcp__asker__ask', {});
    expect(seen.capabilities).toEqual({ elicitation: { form: {} }, sampling: {} });
    allow = false;
    const refused = await registry.execute('c', 'mcp__asker__sample', {});
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('declined the sampling request');
  });
});

describe('connectTimeoutMs', () => {
  it('reports a stdio server that never answers within the budget, and ends it', async () => {
    const service = new McpService(
      [
        {
          id: 'mute',
          transport: 'stdio',
          command: process.execPath,
          args: ['-e', 'setInterval(() => {}, 1000)', everythingServer],
        },
      ],
      { connectTimeoutMs: 1500 },
    );
    services.push(service);
    const started = Date.now();
    const [status] = await service.start();
    const elapsed = Date.now() - started;
    expect(status).toMatchObject({ state: 'failed' });
    expect(status?.error).toContain('no answer within 1500 ms');
    expect(elapsed).toBeLessThan(1500 + 500);
  });
});
