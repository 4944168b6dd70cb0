/** An MCP tool as a server lists it. */
export interface McpToolInfo {
  /** The tool's name on its server. */
  readonly name: string;
  /** The server's description of it. */
  readonly description?: string;
  /** Its input JSON Schema, as the server sent it. */
  readonly inputSchema?: unknown;
  /** The server's hints (readOnlyHint, ...), never trusted for policy. */
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/** What an adapter needs of a connected server: calling its tools. */
export interface McpConnection {
  /** The server's id (the `<server>` of `mcp__<server>__<tool>`). */
  readonly serverId: string;
  /**
   * Calls a tool; an abort sends MCP cancellation to the server. With `onProgress`, the request
   * carries a progress token and each `notifications/progress` the server sends for it is passed on.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: McpCallOptions,
  ): Promise<McpCallResult>;
}

/** A progress notification of a tool call, as the server sent it. */
export interface McpProgress {
  /** Work done so far (increases with every notification). */
  readonly progress: number;
  /** The total, when the server knows it. */
  readonly total?: number;
  /** The server's message, when it sent one. */
  readonly message?: string;
}

/** Options of {@link McpConnection.callTool}. */
export interface McpCallOptions {
  /** Aborts the call (sent to the server as MCP cancellation). */
  readonly signal?: AbortSignal;
  /** The longest the call may take, progress or not. */
  readonly timeoutMs: number;
  /** Receives the server's progress notifications for this call. */
  readonly onProgress?: (progress: McpProgress) => void;
}

/** What a tool call returns (content blocks, structured content, the error flag, or a legacy `toolResult`). */
export interface McpCallResult {
  /** The content blocks (text, images, resources). */
  readonly content?: unknown;
  /** Structured output, when the tool declares an output schema. */
  readonly structuredContent?: unknown;
  /** True when the tool reports a failure. */
  readonly isError?: unknown;
  /** The result of a server on the older protocol. */
  readonly toolResult?: unknown;
}
