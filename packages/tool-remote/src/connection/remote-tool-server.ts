import { PLUGIN_API_VERSION, type RiskWarning, type ToolProgress } from '@tinyelf/core';
import {
  ASSESS_RISK_METHOD,
  PROGRESS_COUNTED_META,
  REMOTE_TOOLS_CAPABILITY,
  REMOTE_TOOLS_EXTENSION_VERSION,
  type RemoteToolFacts,
  type RemoteToolsCapability,
  RISK_CONFIRMED_META,
  TOOL_FACTS_METHOD,
  type ToolFactsResult,
  WORKSPACE_HEADER,
} from '../protocol/remote-tool-protocol';
import type { RemoteServerSettings } from '../remote-tools-options';
import { VERSION } from '../version';
import { type JsonRpcTarget, type PostOptions, postJsonRpc } from './post-json-rpc';
import { RemoteToolServerError } from './remote-tool-server-error';

/** The MCP protocol version the plugin asks for; the server may answer an older one it supports. */
const REQUESTED_PROTOCOL_VERSION = '2025-06-18';

/** A tool the server offers: its definition as `tools/list` gives it, and its policy facts. */
export interface RemoteToolDefinition {
  /** The tool's own name (`Read`, `Bash`). */
  readonly name: string;
  /** What the model reads. */
  readonly description: string;
  /** The parameters' JSON Schema. */
  readonly inputSchema: Record<string, unknown>;
  /** The policy facts (from `tinyelf/toolFacts`, or the MCP annotations). */
  readonly facts: RemoteToolFacts;
}

/** One part of a `tools/call` result. */
export interface RemoteContentPart {
  /** `text`, `image`, `audio`, `resource`... */
  readonly type: string;
  /** The text of a `text` part. */
  readonly text?: string;
  /** The media type of an image or audio part. */
  readonly mimeType?: string;
  /** The bytes of an image or audio part, base64-encoded. */
  readonly data?: string;
}

/** What a `tools/call` answered. */
export interface RemoteCallResult {
  /** The content parts (text, image...). */
  readonly content: readonly RemoteContentPart[];
  /** True when the remote call failed. */
  readonly isError?: boolean;
  /** Extension data, such as the TinyElf error code. */
  readonly _meta?: Record<string, unknown>;
}

/**
 * One remote TinyElf tool server, over MCP's Streamable HTTP. The first request (and the first
 * after a connection failure) does the handshake: `initialize`, which checks the server's plugin
 * API and extension versions. Every request is a POST of its own (the server is stateless), so a
 * load balancer may send each to another worker; a dropped connection fails only the request that
 * used it.
 */
export class RemoteToolServer {
  private readonly target: JsonRpcTarget;
  private handshake: Promise<void> | undefined;
  private nextId = 1;

  /** @param settings - where the server is and how to authenticate */
  constructor(private readonly settings: RemoteServerSettings) {
    this.target = {
      url: settings.url,
      headers: {
        ...settings.headers,
        ...(settings.token && { authorization: `Bearer ${settings.token}` }),
        ...(settings.workspace && { [WORKSPACE_HEADER]: settings.workspace }),
      },
    };
  }

  /** The server's MCP endpoint. */
  get url(): string {
    return this.settings.url;
  }

  /** Connects (handshake and version check) and lists the tools with their policy facts. */
  async listTools(signal?: AbortSignal): Promise<RemoteToolDefinition[]> {
    const options = { signal, timeoutMs: this.settings.connectTimeoutMs };
    const [listed, facts] = await Promise.all([
      this.request('tools/list', {}, options),
      this.request(TOOL_FACTS_METHOD, {}, options),
    ]);
    const known = (facts as unknown as ToolFactsResult).tools ?? {};
    const tools = (listed.tools ?? []) as {
      name: string;
      description?: string;
      inputSchema: Record<string, unknown>;
      annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
    }[];
    return tools.map((tool) => ({
      name: tool.name,
      description: tool.description ?? '',
      inputSchema: tool.inputSchema,
      facts: known[tool.name] ?? {
        readOnly: tool.annotations?.readOnlyHint === true,
        destructive: tool.annotations?.destructiveHint !== false,
        assessesRisk: false,
      },
    }));
  }

  /**
   * Runs a tool on the server (`tools/call`); progress notifications go to `onProgress`, with the
   * tool's counts (`progress`, `total`) unless the server marked them as its own report counter.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: {
      signal?: AbortSignal;
      onProgress?: (message: string, progress?: ToolProgress) => void;
      /** Tell the server the local host decided the call knowing its risk warnings. */
      riskConfirmed?: boolean;
    } = {},
  ): Promise<RemoteCallResult> {
    const { onProgress } = options;
    const meta = {
      ...(onProgress && { progressToken: this.nextId }),
      ...(options.riskConfirmed && { [RISK_CONFIRMED_META]: true }),
    };
    const result = await this.request(
      'tools/call',
      { name, arguments: args, ...(Object.keys(meta).length && { _meta: meta }) },
      {
        signal: options.signal,
        onNotification: onProgress
          ? (notification) => {
              if (notification.method !== 'notifications/progress') return;
              const { message, progress, total, _meta } = notification.params ?? {};
              const counted = (_meta as Record<string, unknown> | undefined)?.[
                PROGRESS_COUNTED_META
              ];
              const text =
                typeof message === 'string'
                  ? message
                  : `${String(progress)}${total === undefined ? '' : ` of ${String(total)}`}`;
              if (counted === true || typeof progress !== 'number') onProgress(text);
              else
                onProgress(text, {
                  progress,
                  ...(typeof total === 'number' && { total }),
                });
            }
          : undefined,
      },
    );
    return result as unknown as RemoteCallResult;
  }

  /** The risk warnings of a call, judged by the server without running it. */
  async assessRisk(
    name: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<readonly RiskWarning[]> {
    const result = await this.request(ASSESS_RISK_METHOD, { name, arguments: args }, { signal });
    return Array.isArray(result.warnings) ? (result.warnings as RiskWarning[]) : [];
  }

  private async request(
    method: string,
    params: Record<string, unknown>,
    options: PostOptions,
  ): Promise<Record<string, unknown>> {
    this.handshake ??= this.initialize();
    const handshake = this.handshake;
    try {
      await handshake;
      return (await postJsonRpc(this.target, { id: this.nextId++, method, params }, options)) ?? {};
    } catch (error) {
      // Connect again on the next call: the worker may have been replaced (and must be checked).
      if (RemoteToolServerError.isInstance(error) && this.handshake === handshake)
        this.handshake = undefined;
      throw error;
    }
  }

  private async initialize(): Promise<void> {
    const result = await postJsonRpc(
      this.target,
      {
        id: this.nextId++,
        method: 'initialize',
        params: {
          protocolVersion: REQUESTED_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: '@tinyelf/tool-remote', version: VERSION },
        },
      },
      { timeoutMs: this.settings.connectTimeoutMs },
    );
    const capabilities = result?.capabilities as
      | { experimental?: Record<string, RemoteToolsCapability> }
      | undefined;
    const extension = capabilities?.experimental?.[REMOTE_TOOLS_CAPABILITY];
    if (!extension)
      throw new RemoteToolServerError({
        code: 'REMOTE_PROTOCOL_ERROR',
        url: this.url,
        message: `${this.url} is an MCP server but not a TinyElf tool server (its capabilities have no "${REMOTE_TOOLS_CAPABILITY}"); serve the workspace with \`tinyelf mcp serve --http\`, or use @tinyelf/tool-mcp for other MCP servers.`,
      });
    if (
      extension.pluginApiVersion !== PLUGIN_API_VERSION ||
      extension.extensionVersion !== REMOTE_TOOLS_EXTENSION_VERSION
    )
      throw new RemoteToolServerError({
        code: 'REMOTE_VERSION_MISMATCH',
        url: this.url,
        message: `The remote tool server at ${this.url} implements plugin API version ${String(extension.pluginApiVersion)} (remote-tools extension ${String(extension.extensionVersion)}), but this agent implements ${PLUGIN_API_VERSION} (extension ${REMOTE_TOOLS_EXTENSION_VERSION}); run the same TinyElf release on both sides.`,
      });
    const version = result?.protocolVersion;
    if (typeof version === 'string')
      (this.target.headers as Record<string, string>)['mcp-protocol-version'] = version;
    await postJsonRpc(this.target, { method: 'notifications/initialized' });
  }
}
