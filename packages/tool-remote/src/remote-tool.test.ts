// What a mirrored tool does with what a server streams and answers, against scripted HTTP servers on
// 127.0.0.1: progress before the answer, the server's error code, risk it cannot judge.
import { ToolRegistry } from '@tinyelf/core';
import {
  answerJson,
  type ScriptedMessage,
  startScriptedServer,
} from '@tinyelf/test-support/tinyelf-servers';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteToolServer } from './connection/remote-tool-server';
import { createRemoteTool } from './remote-tool';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A registry with the scripted server's Bash, whose `tools/call` is answered by `onCall`. */
async function scripted(
  onCall: (message: ScriptedMessage, response: import('node:http').ServerResponse) => void,
  facts = { readOnly: false, destructive: true, assessesRisk: true },
) {
  const server = await startScriptedServer((message, response) => {
    if (message.method === 'tools/call') return onCall(message, response);
    if (message.method === 'tinyelf/assessRisk') {
      response.socket?.destroy();
      return;
    }
    answerJson(message, response, handshake(message.method, facts));
  });
  closers.push(server.close);
  const remote = new RemoteToolServer({ url: server.url, connectTimeoutMs: 5000 });
  const tools = (await remote.listTools()).map((definition) =>
    createRemoteTool(definition, remote),
  );
  return new ToolRegistry({ spillDirectory: false }).registerAll(tools);
}

describe('a mirrored tool', () => {
  it('passes the progress the server streams before its answer to onProgress', async () => {
    const registry = await scripted((message, response) => {
      const token = (message.params?._meta as { progressToken?: number } | undefined)
        ?.progressToken;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const event = (data: unknown) => `event: message\ndata: ${JSON.stringify(data)}\n\n`;
      response.write(
        event({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: 1, total: 2, message: 'half way' },
        }),
      );
      response.end(
        event({
          jsonrpc: '2.0',
          id: message.id,
          result: { content: [{ type: 'text', text: 'done' }] },
        }),
      );
    });
    const progress: string[] = [];
    const result = await registry.execute(
      '1',
      'Bash',
      { command: 'make' },
      { context: { onProgress: (message) => progress.push(message) } },
    );
    expect(result).toMatchObject({ isError: false, content: 'done' });
    expect(progress).toEqual(['half way']);
  });

  it('keeps the error code the server sends in _meta, and reads like a local error', async () => {
    const registry = await scripted((message, response) =>
      answerJson(message, response, {
        isError: true,
        content: [
          {
            type: 'text',
            text: 'Error: The command was blocked: it deletes /.\n\n[Analyze the error above and try a different approach.]',
          },
        ],
        _meta: { 'tinyelf/errorCode': 'COMMAND_BLOCKED' },
      }),
    );
    const result = await registry.execute('1', 'Bash', { command: 'rm -rf /' });
    expect(result).toMatchObject({ isError: true, errorCode: 'COMMAND_BLOCKED' });
    expect(result.content).toBe(
      'Error: The command was blocked: it deletes /.\n\n[Analyze the error above and try a different approach.]',
    );
  });

  it('asks for confirmation when the server cannot judge the risk', async () => {
    const registry = await scripted((message, response) => answerJson(message, response, {}));
    const warnings = await registry.assessRisk('Bash', { command: 'ls' });
    expect(warnings).toEqual([
      {
        rule: 'remote-risk-unknown',
        message: expect.stringContaining(
          "The remote tool server could not judge this call's risk (The remote tool server at http://127.0.0.1:",
        ),
      },
    ]);
  });
});

function handshake(method: string, facts: Record<string, boolean>): unknown {
  if (method === 'initialize')
    return {
      protocolVersion: '2025-06-18',
      capabilities: {
        experimental: { 'tinyelf/remoteTools': { pluginApiVersion: 1, extensionVersion: 1 } },
      },
    };
  if (method === 'tools/list')
    return {
      tools: [
        {
          name: 'Bash',
          description: 'Runs a command.',
          inputSchema: {
            type: 'object',
            properties: { command: { type: 'string' } },
            required: ['command'],
          },
        },
      ],
    };
  if (method === 'tinyelf/toolFacts') return { tools: { Bash: facts } };
  return {};
}
