import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { TinyElfError } from '@tinyelf/core';
import type {
  McpCallOptions,
  McpCallResult,
  McpConnection,
  McpToolInfo,
} from '../adapter/mcp-connection';
import {
  clientCapabilities,
  installClientHandlers,
  type McpClientHandlers,
} from './client-handlers';
import { isAuthorizationNeeded, isConnectionLost, isSessionGone } from './connection-errors';
import { loadSdk } from './load-sdk';
import { ReconnectBackoff } from './reconnect-backoff';

/** Creates a fresh transport for (re)connecting. */
export type TransportFactory = () => Promise<Transport>;

/** Options of an {@link McpServerConnection}. */
export interface McpServerConnectionOptions extends McpClientHandlers {
  /** Called when the server's tool list changed (a notification, or a reconnect that found other tools). */
  readonly onToolsChanged?: (connection: McpServerConnection) => void;
  /** The budget of a reconnect (at most the call's timeout). @default 30_000 */
  readonly connectTimeoutMs?: number;
  /**
   * With a user present: completes an authorization the server asked for over this transport (the
   * user was sent to the authorization page); the call or connect is then tried again once.
   */
  readonly authorize?: (transport: Transport | undefined) => Promise<void>;
}

/**
 * A live connection to one MCP server, over any transport: connects within a time budget (the
 * whole of it: transport, initialisation and tool list), keeps the server's tool list (refreshed
 * on `notifications/tools/list_changed`), fails the call in flight at once when the connection
 * drops (a stdio process that exits, an HTTP stream that breaks, a session the server forgot),
 * reconnects with a new session on the next call (with backoff after failed attempts), and closes
 * (ending a stdio server's process) on `close()`.
 */
export class McpServerConnection implements McpConnection {
  private client: Client | undefined;
  private transport: Transport | undefined;
  private toolList: McpToolInfo[] = [];
  private reconnecting: Promise<void> | undefined;
  private readonly backoff = new ReconnectBackoff();
  private readonly closing = new Set<Promise<unknown>>();
  private readonly options: McpServerConnectionOptions;

  constructor(
    /** The server's id. */
    readonly serverId: string,
    private readonly createTransport: TransportFactory,
    options: McpServerConnectionOptions | ((connection: McpServerConnection) => void) = {},
  ) {
    this.options = typeof options === 'function' ? { onToolsChanged: options } : options;
  }

  /** The tools the server lists (as of the last connect or change notification). */
  get tools(): readonly McpToolInfo[] {
    return this.toolList;
  }

  /** Whether the connection is up. */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Connects (or reconnects) within `timeoutMs`, all included, and lists the tools. */
  async connect(timeoutMs: number): Promise<void> {
    const started = Date.now();
    const sdk = await loadSdk();
    this.dropClient();
    const client = new sdk.Client(
      { name: 'tinyelf', version: '0.1.0' },
      { capabilities: clientCapabilities(this.options) },
    );
    installClientHandlers(client, sdk, this.serverId, this.options);
    client.onclose = () => {
      if (this.client === client) this.client = undefined;
    };
    client.onerror = (error) => {
      // A 404 for the session is the request's to handle (callTool starts a new session and makes
      // the call once): closing the client here would fail it as a lost connection first.
      if (this.client === client && isConnectionLost(error) && !isSessionGone(error))
        this.dropClient();
    };
    client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, async () => {
      this.toolList = await this.listTools(client).catch(() => this.toolList);
      this.options.onToolsChanged?.(this);
    });
    let abandoned = false;
    const attempt = (async () => {
      const transport = await this.createTransport();
      this.transport = transport;
      if (abandoned) {
        await transport.close();
        throw new Error('abandoned');
      }
      const remaining = Math.max(1, timeoutMs - (Date.now() - started));
      await client.connect(transport, { timeout: remaining });
      return this.listTools(client);
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${timeoutMs} ms`)),
          Math.max(1, timeoutMs - (Date.now() - started)),
        );
      });
      this.toolList = await Promise.race([attempt, timeout]);
    } catch (error) {
      abandoned = true;
      attempt.catch(() => undefined);
      // Closing a stdio server can take seconds (it is given time to exit): not part of the budget.
      this.track(client.close());
      throw error;
    } finally {
      clearTimeout(timer);
    }
    this.client = client;
  }

  /**
   * Whether an error of the last connect or call is one a user present could fix, after which it
   * completes that authorization (the caller then tries again).
   */
  async authorizeAfter(error: unknown): Promise<boolean> {
    if (!isAuthorizationNeeded(error) || !this.options.authorize) return false;
    await this.options.authorize(this.transport);
    return true;
  }

  private track(closing: Promise<unknown>): void {
    const settled = closing.catch(() => undefined).finally(() => this.closing.delete(settled));
    this.closing.add(settled);
  }

  /** Forgets the current client and closes it: its calls in flight fail at once. */
  private dropClient(): void {
    const client = this.client;
    this.client = undefined;
    if (client) this.track(client.close());
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

  /** Reconnects (one attempt shared by concurrent calls), unless the backoff after failures says wait. */
  private async reconnect(timeoutMs: number): Promise<void> {
    if (!this.reconnecting) {
      const wait = this.backoff.waitMs();
      if (wait > 0) {
        throw new TinyElfError({
          code: 'MCP_SERVER_UNAVAILABLE',
          message: `The MCP server "${this.serverId}" is not connected (the last attempt failed: ${this.backoff.lastError}); the next attempt is made in ${Math.ceil(wait / 1000)} s.`,
        });
      }
      const before = this.toolList.map((tool) => tool.name).join('\n');
      this.reconnecting = this.connect(Math.min(timeoutMs, this.options.connectTimeoutMs ?? 30_000))
        .then(
          () => {
            this.backoff.succeeded();
            if (this.toolList.map((tool) => tool.name).join('\n') !== before)
              this.options.onToolsChanged?.(this);
          },
          (error: Error) => {
            this.backoff.failed(error.message);
            throw error;
          },
        )
        .finally(() => {
          this.reconnecting = undefined;
        });
    }
    try {
      await this.reconnecting;
    } catch (error) {
      if (isAuthorizationNeeded(error)) throw authorizationError(this.serverId, error);
      throw new TinyElfError({
        code: 'MCP_SERVER_UNAVAILABLE',
        message: `The MCP server "${this.serverId}" is not connected and could not be reconnected: ${(error as Error).message}.`,
        cause: error,
      });
    }
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: McpCallOptions,
  ): Promise<McpCallResult> {
    const { onProgress } = options;
    for (let attempt = 0; ; attempt++) {
      if (!this.client) await this.reconnect(options.timeoutMs);
      const client = this.client!;
      try {
        return (await client.callTool({ name, arguments: args }, undefined, {
          signal: options.signal,
          timeout: options.timeoutMs,
          // The timeout bounds the whole call: progress does not extend it.
          ...(onProgress && { onprogress: (progress) => onProgress(progress) }),
        })) as McpCallResult;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        // A 404 for the session: the server never ran the call; a new session runs it once.
        if (isSessionGone(error) && attempt === 0) {
          this.dropClient();
          continue;
        }
        // With a user present, an authorization the server asks for (more scopes, a revoked
        // token) is completed and the call made once more.
        if (attempt === 0 && this.client === client && (await this.authorizeAfter(error))) continue;
        if (isAuthorizationNeeded(error)) throw authorizationError(this.serverId, error);
        // A server's own error answer (an McpError) never means the connection is gone.
        const answered = (error as { name?: string }).name === 'McpError';
        if (this.client !== client || (!answered && isConnectionLost(error))) {
          if (this.client === client) this.dropClient();
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
  }

  /** Closes the connection; a stdio server's process ends with it (awaited). */
  async close(): Promise<void> {
    this.dropClient();
    await Promise.all([...this.closing]);
  }
}

/** The error for a server that needs the user's authorization first. */
export function authorizationError(serverId: string, cause: unknown): TinyElfError {
  return new TinyElfError({
    code: 'MCP_AUTH_REQUIRED',
    message: `The MCP server "${serverId}" needs authorization and no user is present to give it: run \`tinyelf mcp login ${serverId}\` (or loginMcpServer) once, then retry.`,
    cause,
  });
}
