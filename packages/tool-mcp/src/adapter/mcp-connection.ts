/** An MCP tool as a server lists it. */
export interface McpToolInfo {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/** What an adapter needs of a connected server: calling its tools. */
export interface McpConnection {
  readonly serverId: string;
  /** Calls a tool; an abort sends MCP cancellation to the server. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: { readonly signal?: AbortSignal; readonly timeoutMs: number },
  ): Promise<McpCallResult>;
}

/** What a tool call returns (content blocks, structured content, the error flag, or a legacy `toolResult`). */
export interface McpCallResult {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: unknown;
  readonly toolResult?: unknown;
}
