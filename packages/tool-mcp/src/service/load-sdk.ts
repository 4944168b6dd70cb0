type ClientModule = typeof import('@modelcontextprotocol/sdk/client/index.js');
type TypesModule = typeof import('@modelcontextprotocol/sdk/types.js');
type StdioModule = typeof import('@modelcontextprotocol/sdk/client/stdio.js');
type StreamableHttpModule = typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');
type SseModule = typeof import('@modelcontextprotocol/sdk/client/sse.js');
type InMemoryModule = typeof import('@modelcontextprotocol/sdk/inMemory.js');
type AuthModule = typeof import('@modelcontextprotocol/sdk/client/auth.js');

/** The parts of the MCP SDK this package uses. */
export interface McpSdk {
  readonly Client: ClientModule['Client'];
  readonly ToolListChangedNotificationSchema: TypesModule['ToolListChangedNotificationSchema'];
  readonly ElicitRequestSchema: TypesModule['ElicitRequestSchema'];
  readonly CreateMessageRequestSchema: TypesModule['CreateMessageRequestSchema'];
  readonly McpError: TypesModule['McpError'];
  readonly UnauthorizedError: AuthModule['UnauthorizedError'];
  readonly StdioClientTransport: StdioModule['StdioClientTransport'];
  readonly getDefaultEnvironment: StdioModule['getDefaultEnvironment'];
  readonly StreamableHTTPClientTransport: StreamableHttpModule['StreamableHTTPClientTransport'];
  readonly SSEClientTransport: SseModule['SSEClientTransport'];
  readonly InMemoryTransport: InMemoryModule['InMemoryTransport'];
}

let loading: Promise<McpSdk> | undefined;

/** The MCP SDK, loaded on first use: it costs about 100 ms to import, which a registry without MCP servers must not pay. */
export function loadSdk(): Promise<McpSdk> {
  loading ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/inMemory.js'),
    import('@modelcontextprotocol/sdk/client/auth.js'),
  ]).then(([client, types, stdio, streamableHttp, sse, inMemory, auth]) => ({
    Client: client.Client,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
    ElicitRequestSchema: types.ElicitRequestSchema,
    CreateMessageRequestSchema: types.CreateMessageRequestSchema,
    McpError: types.McpError,
    UnauthorizedError: auth.UnauthorizedError,
    StdioClientTransport: stdio.StdioClientTransport,
    getDefaultEnvironment: stdio.getDefaultEnvironment,
    StreamableHTTPClientTransport: streamableHttp.StreamableHTTPClientTransport,
    SSEClientTransport: sse.SSEClientTransport,
    InMemoryTransport: inMemory.InMemoryTransport,
  }));
  return loading;
}
