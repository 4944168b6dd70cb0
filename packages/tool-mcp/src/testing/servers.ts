import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createContainer, type DependencyContainer } from '@tinyelf/core';
import { registerMcpTransport } from '../service/transport-factories';

const require = createRequire(import.meta.url);

/** The entry script of the real "everything" MCP server from npm. */
export const everythingServer = require.resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
/** The entry script of the real filesystem MCP server from npm. */
export const filesystemServer = require.resolve(
  '@modelcontextprotocol/server-filesystem/dist/index.js',
);

/** A running everything server over HTTP. */
export interface EverythingHttp {
  /** Its MCP endpoint (`/mcp` for Streamable HTTP, `/sse` for SSE). */
  readonly url: string;
  /** Its port. */
  readonly port: number;
  /** Its process. */
  readonly process: ChildProcess;
}

/**
 * Starts the everything server over Streamable HTTP (or the older SSE) on the given port, or a
 * random free one; resolves when it listens.
 */
export async function startEverythingHttp(
  mode: 'streamableHttp' | 'sse' = 'streamableHttp',
  port = 30_000 + Math.floor(Math.random() * 20_000),
): Promise<EverythingHttp> {
  const child = spawn(process.execPath, [everythingServer, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the everything server did not start')),
      15_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      if (/listening|is running/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error('the everything server exited')));
  });
  const path = mode === 'sse' ? '/sse' : '/mcp';
  return { url: `http://127.0.0.1:${port}${path}`, port, process: child };
}

/** A raw tool as a (possibly hostile) server lists it. */
export interface RawTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: Record<string, unknown>;
  readonly annotations?: Record<string, unknown>;
}

/**
 * A container with a custom transport kind `memory` whose servers list exactly the given raw tools
 * (no SDK validation in between) and answer calls with the tool name and arguments.
 */
export function rawToolsContainer(
  toolsByServer: Record<string, readonly RawTool[]>,
): DependencyContainer {
  const container = createContainer();
  registerMcpTransport(container, 'memory', async (config) => {
    const server = new Server(
      { name: config.id, version: '1.0.0' },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: (toolsByServer[config.id] ?? []).map((tool) => ({
        inputSchema: { type: 'object' },
        ...tool,
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({
      content: [
        {
          type: 'text',
          text: `${request.params.name} ${JSON.stringify(request.params.arguments)}`,
        },
      ],
    }));
    const [client, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    return client;
  });
  return container;
}
