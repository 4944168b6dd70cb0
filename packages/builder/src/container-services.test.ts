import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AgentRunner,
  BuildStep,
  createContainer,
  type ITool,
  PLUGIN_API_VERSION,
  registerToolPlugin,
  type SessionRecord,
  type SessionStore,
  Tokens,
  type ToolPlugin,
  WorkspaceGuard,
} from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { buildToolRegistry } from './tool-registry-builder';

const workspace = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-container-')));
const runner: AgentRunner = {
  run: async () => ({ status: 'completed', output: '', iterations: 0, messages: [] }),
};

function echoTool(name: string, text: string): ITool {
  return {
    name,
    description: `Answers ${text}`,
    parameters: { type: 'object' },
    execute: async () => text,
  };
}

function plugin(name: string, tool: ITool): ToolPlugin {
  return {
    name,
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.Control,
    createTools: () => [tool],
  };
}

/** A session store of the host's: one session, never written to disk. */
function hostStore(): SessionStore {
  const record: SessionRecord = {
    id: 'host-1',
    title: 'Kept by the host',
    agent: 'main',
    status: 'idle',
    messageCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  return {
    create: async () => record,
    list: async () => [record],
    get: async (id) => (id === record.id ? record : undefined),
    append: async () => {},
    messages: async () => [],
    setStatus: async () => {},
  };
}

describe('the build’s container', () => {
  it('uses the caller’s container plugins, the configured plugins and the options’ plugins, in that order', async () => {
    const container = createContainer();
    registerToolPlugin(container, plugin('from-container', echoTool('c_tool', 'container')));
    const built = await buildToolRegistry({
      container,
      config: { workspaceRoot: workspace(), plugins: ['@tinyelf/tool-session'] },
      plugins: [plugin('from-options', echoTool('o_tool', 'options'))],
    });
    const control = built.diagnostics.plugins
      .filter((entry) => entry.step === 'Control')
      .map((entry) => entry.plugin);
    expect(control).toEqual(['from-container', 'control', 'from-options']);
    expect(built.registry.getNames()).toEqual(
      expect.arrayContaining(['c_tool', 'Notify', 'SessionsYield', 'o_tool']),
    );
    await built.dispose();
  });

  it('constructs a plugin the caller registered as a factory in the build’s container', async () => {
    const container = createContainer();
    container.register(Tokens.ToolPlugin, {
      useFactory: (resolver) => {
        const root = resolver.resolve<string>(Tokens.WorkspaceRoot);
        return plugin('from-factory', echoTool('where', `built for ${root}`));
      },
    });
    const root = workspace();
    const built = await buildToolRegistry({
      container,
      config: { workspaceRoot: root, plugins: [] },
    });
    expect((await built.registry.execute('1', 'where', {}, { confirm: () => true })).content).toBe(
      `built for ${root}`,
    );
  });

  it('gives plugins the services the caller registered: its SessionStore and its McpService', async () => {
    const container = createContainer();
    container.register(Tokens.SessionStore, { useValue: hostStore() });
    const mcpService = { tools: () => [echoTool('mcp__host__ping', 'pong from the host')] };
    container.register(Tokens.McpService, { useValue: mcpService });
    const built = await buildToolRegistry({
      container,
      config: {
        workspaceRoot: workspace(),
        plugins: ['@tinyelf/tool-session', '@tinyelf/tool-mcp'],
      },
      services: { agentRunner: runner },
    });
    const listed = await built.registry.execute('1', 'SessionsList', {}, { confirm: () => true });
    expect(listed.isError).toBe(false);
    expect(listed.content).toContain('host-1');
    expect(listed.content).toContain('Kept by the host');
    const ping = await built.registry.execute('2', 'mcp__host__ping', {}, { confirm: () => true });
    expect(ping.content).toBe('pong from the host');
    expect(built.container.resolve(Tokens.McpService)).toBe(mcpService);
    await built.dispose();
  });

  it('gives the file tools the workspace guard the caller registered', async () => {
    const root = workspace();
    mkdirSync(join(root, 'secret'));
    writeFileSync(join(root, 'secret', 'key.txt'), 'hunter2');
    writeFileSync(join(root, 'open.txt'), 'hello');
    const config = { workspaceRoot: root, plugins: ['@tinyelf/tool-fs'] };
    const plain = await buildToolRegistry({ config });
    expect(
      (await plain.registry.execute('1', 'Read', { path: 'secret/key.txt' })).content,
    ).toContain('hunter2');
    const container = createContainer();
    container.register(Tokens.Workspace, {
      useValue: new WorkspaceGuard({ workspaceRoot: root, deniedPaths: [join(root, 'secret')] }),
    });
    const guarded = await buildToolRegistry({ container, config });
    const refused = await guarded.registry.execute('2', 'Read', { path: 'secret/key.txt' });
    expect(refused.isError).toBe(true);
    expect(refused.content).not.toContain('hunter2');
    expect((await guarded.registry.execute('3', 'Read', { path: 'open.txt' })).content).toContain(
      'hello',
    );
  });

  it('offers WebSearch through the search services the caller registered', async () => {
    const server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          results: [
            { title: 'Elves', url: 'https://elves.example/', content: `asked ${request.url}` },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const config = {
        workspaceRoot: workspace(),
        plugins: ['@tinyelf/tool-web'],
        webSearch: { env: {} },
      };
      const without = await buildToolRegistry({ config });
      expect(without.registry.has('WebSearch')).toBe(false);
      const container = createContainer();
      container.register(Tokens.WebSearchServices, { useValue: [{ kind: 'searxng', baseUrl }] });
      const built = await buildToolRegistry({ container, config });
      const result = await built.registry.execute('1', 'WebSearch', { query: 'elves' });
      expect(result.isError).toBe(false);
      expect(result.content).toContain('https://elves.example/');
      await built.dispose();
    } finally {
      server.close();
    }
  });

  it('lets the caller’s logger win over the builder’s silent default', async () => {
    const container = createContainer();
    const lines: string[] = [];
    const logger = {
      debug: () => {},
      info: (message: string) => lines.push(message),
      warn: (message: string) => lines.push(message),
      error: (message: string) => lines.push(message),
    };
    container.register(Tokens.Logger, { useValue: logger });
    const built = await buildToolRegistry({
      container,
      config: { workspaceRoot: workspace(), plugins: [] },
      plugins: [
        {
          ...plugin('loud', echoTool('loud_tool', 'x')),
          createTools: (context) => {
            context.logger.warn('careful');
            return [];
          },
        },
      ],
    });
    expect(lines).toEqual(['careful']);
    expect(built.diagnostics.plugins[0]?.warnings).toEqual(['careful']);
  });
});
