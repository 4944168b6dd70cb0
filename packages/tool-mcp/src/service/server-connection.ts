import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { TinyElfError } from '@tinyelf/core';
import type { McpCallResult, McpConnection, McpToolInfo } from '../adapter/mcp-connection';
import { loadSdk } from './load-sdk';

/** Creates a fresh transport for (re)connecting. */
export type TransportFactory = () => Promise<Transport>;

/**
 * A live connection to one MCP server: connects with a timeout, keeps the server's tool list
 * (refreshed on `notifications/tools/list_changed`), reconnects once on the next call after the
 * connection dropped, and closes (ending a stdio server's process) on `close()`.
 */
export class McpServerConnection implements McpConnection {
  private client: Client | undefined;
  private connected = false;
  private toolList: McpToolInfo[] = [];

  constructor(
    /** The server's id. */
    readonly serverId: string,
    private readonly createTransport: TransportFactory,
    private readonly onToolsChanged: (connection: McpServerConnection) => void = () => {},
  ) {}

  /** The tools the server lists (as of the last connect or change notification). */
  get tools(): readonly McpToolInfo[] {
    return this.toolList;
  }

  /** Connects (or reconnects) within `timeoutMs` and lists the tools. */
  async connect(timeoutMs: number): Promise<void> {
    const sdk = await loadSdk();
    await this.client?.close().catch(() => undefined);
    const client = new sdk.Client({ name: 'tinyelf', version: '0.1.0' }, { capabilities: {} });
    client.onclose = () => {
      if (this.client === client) this.connected = false;
    };
    client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, async () => {
      this.toolList = await this.listTools(client).catch(() => this.toolList);
      this.onToolsChanged(this);
    });
    const transport = await this.createTransport();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        client.connect(transport, { timeout: timeoutMs }),
        new Promise((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
      this.toolList = await this.listTools(client);
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    this.client = client;
    this.connected = true;
  }

  private async listTools(client: Client): Promise<McpToolInfo[]> {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: { signal?: AbortSignal; timeoutMs: number },
  ): Promise<McpCallResult> {
    if (!this.connected || !this.client) {
      try {
        await this.connect(options.timeoutMs);
      } catch (error) {
        throw new TinyElfError({
          code: 'MCP_SERVER_UNAVAILABLE',
          message: `The MCP server "${this.serverId}" is not connected and could not be reconnected: ${(error as Error).message}.`,
          cause: error,
        });
      }
    }
    const client = this.client!;
    try {
      return (await client.callTool({ name, arguments: args }, undefined, {
        signal: options.signal,
        timeout: options.timeoutMs,
      })) as McpCallResult;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (!this.connected) {
        throw new TinyElfError({
          code: 'MCP_CONNECTION_LOST',
          message: `The MCP server "${this.serverId}" closed the connection during the call to ${name}; the next call reconnects.`,
          cause: error,
        });
      }
      const message = (error as Error).message ?? String(error);
      throw new TinyElfError({
        code: /timed out/i.test(message) ? 'TOOL_TIMEOUT' : 'MCP_CALL_FAILED',
        message: `The MCP server "${this.serverId}" could not run ${name}: ${message}`,
        cause: error,
      });
    }
  }

  /** Closes the connection; a stdio server's process ends with it. */
  async close(): Promise<void> {
    this.connected = false;
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
  }
}
