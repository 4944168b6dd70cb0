// The plugin against real `tinyelf mcp serve --http` workers on 127.0.0.1 (the built CLI), and
// against scripted HTTP servers for the failures a real worker does not produce on demand.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ITool, ToolPolicy, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext, describePluginConformance } from '@tinyelf/core/testing';
import {
  answerJson,
  startScriptedServer,
  startTinyelfWorker,
  type TinyelfWorker,
} from '@tinyelf/test-support/tinyelf-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_TOOLS_CAPABILITY } from './protocol/remote-tool-protocol';
import type { RemoteTool } from './remote-tool';
import { createRemoteToolsPlugin } from './remote-tools-plugin';

const token = 'remote-test-token';
let root: string;
let worker: TinyelfWorker;

async function remoteTools(remote: Record<string, unknown>): Promise<ITool[]> {
  const plugin = createRemoteToolsPlugin();
  return [...(await plugin.createTools(createTestBuildContext({ config: { remote } })))];
}

async function remoteRegistry(url = worker.url): Promise<ToolRegistry> {
  return new ToolRegistry({ spillDirectory: false }).registerAll(await remoteTools({ url, token }));
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-remote-')));
  writeFileSync(join(root, 'notes.txt'), 'first line\nsecond line\n');
  worker = await startTinyelfWorker(root, token);
}, 30_000);
afterAll(() => worker?.kill('SIGTERM'));

describe('mirrored tools', () => {
  it('are the server’s tools under their own names, with its policy facts', async () => {
    const tools = (await remoteTools({ url: worker.url, token })) as RemoteTool[];
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash']),
    );
    expect(names.some((name) => name.startsWith('mcp__'))).toBe(false);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('Read')).toMatchObject({ readOnly: true, destructive: false });
    expect(byName.get('Write')).toMatchObject({ readOnly: false, destructive: true });
    expect(byName.get('Bash')).toMatchObject({ readOnly: false, destructive: true });
    expect(typeof byName.get('Bash')!.assessRisk).toBe('function');
    expect(byName.get('Glob')!.assessRisk).toBeUndefined();
    expect(byName.get('Read')!.parameters).toMatchObject({
      type: 'object',
      required: ['path'],
    });
    // plan mode offers the read-only ones, as it would the local tools.
    const registry = new ToolRegistry().registerAll(tools);
    const plan = new ToolPolicy().registryForMode(registry, 'plan').getNames();
    expect(plan).toEqual(expect.arrayContaining(['Read', 'Glob', 'Grep']));
    expect(plan).not.toContain('Write');
    expect(plan).not.toContain('Bash');
  });

  it('run in the remote workspace, and their errors read as local ones', async () => {
    const registry = await remoteRegistry();
    const read = await registry.execute('1', 'Read', { path: 'notes.txt' });
    expect(read).toMatchObject({
      isError: false,
      content: '     1\tfirst line\n     2\tsecond line',
    });
    const written = await registry.execute('2', 'Write', {
      path: 'out/new.txt',
      content: 'made\n',
    });
    expect(written.isError).toBe(false);
    expect(readFileSync(join(root, 'out/new.txt'), 'utf8')).toBe('made\n');
    const bash = await registry.execute('3', 'Bash', { command: 'cat out/new.txt' });
    expect(bash.content).toContain('made');
    const missing = await registry.execute('4', 'Read', { path: 'nope.txt' });
    expect(missing.isError).toBe(true);
    expect(missing.content).toMatch(/^Error: "nope\.txt" does not exist\.\n\n\[Analyze/);
    expect(missing.content.match(/Analyze the error/g)).toHaveLength(1);
    // Arguments are checked locally against the mirrored schema before anything is sent.
    const invalid = await registry.execute('5', 'Read', {});
    expect(invalid).toMatchObject({ isError: true, errorCode: 'INVALID_TOOL_INPUT' });
  });

  it('get the server’s risk warnings before the call, so the host asks', async () => {
    const registry = await remoteRegistry();
    const warnings = await registry.assessRisk('Bash', { command: 'sudo rm -rf /var/tmp/x' });
    expect(warnings.map((warning) => warning.rule)).toContain('privilege');
    const policy = new ToolPolicy();
    expect(policy.requiresConfirmation('Bash', 'acceptEdits', warnings)).toBe(true);
    expect(await registry.assessRisk('Bash', { command: 'ls' })).toEqual([]);
    expect(
      policy.requiresConfirmation(
        'Read',
        'default',
        await registry.assessRisk('Read', { path: 'notes.txt' }),
      ),
    ).toBe(false);
  });
});

describePluginConformance(
  () => createRemoteToolsPlugin({ remote: { url: worker.url, token } }),
  () => ({
    sampleInputs: {
      Read: { path: 'notes.txt' },
      Write: { path: 'conformance.txt', content: 'x' },
      Bash: { command: 'sleep 5' },
    },
    // No network, desktop notification or session from a unit test.
    skipExecution: ['WebFetch', 'WebSearch', 'Notify', 'SessionsYield', 'slash_command'],
  }),
);

describe('failures', () => {
  it('a wrong token is refused with a clear error', async () => {
    await expect(remoteTools({ url: worker.url, token: 'wrong' })).rejects.toMatchObject({
      code: 'REMOTE_UNAUTHORIZED',
      message: expect.stringContaining('refused the token (HTTP 401)'),
    });
  });

  it('a worker that is gone fails the call at once, and the next call reconnects', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-remote-gone-')));
    writeFileSync(join(folder, 'a.txt'), 'alpha\n');
    const first = await startTinyelfWorker(folder, token);
    const registry = await remoteRegistry(first.url);
    expect((await registry.execute('1', 'Read', { path: 'a.txt' })).isError).toBe(false);
    await first.kill();
    const started = performance.now();
    const failed = await registry.execute('2', 'Read', { path: 'a.txt' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(failed).toMatchObject({ isError: true, errorCode: 'REMOTE_CONNECTION_FAILED' });
    expect(failed.content).toContain(`The remote tool server at ${first.url} could not be reached`);
    const second = await startTinyelfWorker(folder, token, first.port);
    try {
      expect(await registry.execute('3', 'Read', { path: 'a.txt' })).toMatchObject({
        isError: false,
        content: '     1\talpha',
      });
    } finally {
      await second.kill();
    }
  }, 30_000);

  it('a connection dropped in the middle of a call fails it at once', async () => {
    const scripted = await startScriptedServer((message, response, request) => {
      if (message.method === 'tools/call') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(': started\n\n');
        setTimeout(() => request.socket.destroy(), 50);
        return;
      }
      answerJson(message, response, scriptedResult(message.method, 1));
    });
    try {
      const registry = await remoteRegistry(scripted.url);
      const started = performance.now();
      const result = await registry.execute('1', 'Bash', { command: 'sleep 100' });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(result).toMatchObject({ isError: true, errorCode: 'REMOTE_CONNECTION_FAILED' });
      expect(result.content).toContain('dropped the connection before answering');
    } finally {
      await scripted.close();
    }
  });

  it('another plugin API version is refused at connect', async () => {
    const scripted = await startScriptedServer((message, response) =>
      answerJson(message, response, scriptedResult(message.method, 99)),
    );
    try {
      await expect(remoteTools({ url: scripted.url })).rejects.toMatchObject({
        code: 'REMOTE_VERSION_MISMATCH',
        message: expect.stringContaining('implements plugin API version 99'),
      });
    } finally {
      await scripted.close();
    }
  });

  it('a plain MCP server is refused as not a TinyElf tool server', async () => {
    const scripted = await startScriptedServer((message, response) =>
      answerJson(message, response, scriptedResult(message.method, undefined)),
    );
    try {
      await expect(remoteTools({ url: scripted.url })).rejects.toMatchObject({
        code: 'REMOTE_PROTOCOL_ERROR',
        message: expect.stringContaining('not a TinyElf tool server'),
      });
    } finally {
      await scripted.close();
    }
  });
});

describe('configuration', () => {
  it('without a server the plugin is ineligible; a bad section is refused clearly', async () => {
    const plugin = createRemoteToolsPlugin();
    expect(await plugin.isEligible!(createTestBuildContext())).toBe(false);
    expect(plugin).toMatchObject({ configKey: 'remote', configSchema: { required: ['url'] } });
    await expect(
      plugin.createTools(
        createTestBuildContext({ config: { remote: { url: 'ftp://x', tokn: 'a' } } }),
      ),
    ).rejects.toThrow(
      'remote.url must be an http(s) URL, got "ftp://x"; remote.tokn is not a setting (use url, token, workspace, headers, connectTimeoutMs).',
    );
  });
});

/** What a scripted server answers: a TinyElf handshake (with that plugin API version), one Bash tool. */
function scriptedResult(method: string, pluginApiVersion: number | undefined): unknown {
  if (method === 'initialize')
    return {
      protocolVersion: '2025-06-18',
      serverInfo: { name: 'scripted', version: '1' },
      capabilities: {
        tools: {},
        ...(pluginApiVersion !== undefined && {
          experimental: {
            [REMOTE_TOOLS_CAPABILITY]: { pluginApiVersion, extensionVersion: 1 },
          },
        }),
      },
    };
  if (method === 'tools/list')
    return {
      tools: [
        {
          name: 'Bash',
          description: 'Runs a command.',
          inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
        },
      ],
    };
  if (method === 'tinyelf/toolFacts')
    return { tools: { Bash: { readOnly: false, destructive: true, assessesRisk: false } } };
  return {};
}
