// The remote-tools extensions on an MCP server over a real composed registry (files and Bash), seen
// by the SDK's own client in memory: a plain client's view is unchanged, and the methods answer.
import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { type BuiltRegistry, buildToolRegistry } from '@tinyelf/builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRemoteToolExtensions } from './remote-tool-extensions';

let built: BuiltRegistry;
let root: string;
let client: Client;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-extensions-')));
  built = await buildToolRegistry({
    config: { workspaceRoot: root, plugins: ['@tinyelf/tool-fs', '@tinyelf/tool-shell'] },
  });
  const server = new Server({ name: 'tinyelf', version: '0' }, { capabilities: { tools: {} } });
  installRemoteToolExtensions(server, built);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: built.registry.getDefinitions().map(({ function: definition }) => ({
      name: definition.name,
      description: definition.description,
      inputSchema: definition.parameters as { type: 'object' },
    })),
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'plain', version: '1' });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client?.close();
  await built?.dispose();
});

describe('the remote-tools extensions', () => {
  it('add a capability and leave the tools a plain client lists as they were', async () => {
    expect(client.getServerCapabilities()).toMatchObject({
      tools: {},
      experimental: { 'tinyelf/remoteTools': { pluginApiVersion: 1, extensionVersion: 1 } },
    });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(built.registry.getNames());
  });

  it('answer tinyelf/toolFacts with the policy facts of every tool', async () => {
    const facts = await client.request({ method: 'tinyelf/toolFacts' } as never, ResultSchema);
    expect(facts.tools).toMatchObject({
      Read: { readOnly: true, destructive: false, assessesRisk: true },
      Glob: { readOnly: true, destructive: false, assessesRisk: false },
      Write: { readOnly: false, destructive: true },
      Bash: { readOnly: false, destructive: true, assessesRisk: true },
    });
  });

  it('answer tinyelf/assessRisk without running the call', async () => {
    const answer = await client.request(
      {
        method: 'tinyelf/assessRisk',
        params: { name: 'Bash', arguments: { command: 'sudo touch made-by-assess' } },
      } as never,
      ResultSchema,
    );
    expect((answer.warnings as { rule: string }[]).map((warning) => warning.rule)).toContain(
      'privilege',
    );
    expect(existsSync(join(root, 'made-by-assess'))).toBe(false);
    await expect(
      client.request({ method: 'tinyelf/assessRisk', params: { name: 3 } } as never, ResultSchema),
    ).rejects.toThrow('tinyelf/assessRisk takes { name: string, arguments: object }.');
    await expect(
      client.request({ method: 'tinyelf/unknown' } as never, ResultSchema),
    ).rejects.toThrow('Method not found: tinyelf/unknown');
  });
});
