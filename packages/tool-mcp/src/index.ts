export { formatToolResult } from './adapter/format-tool-result';
export type {
  McpCallOptions,
  McpCallResult,
  McpConnection,
  McpProgress,
  McpToolInfo,
} from './adapter/mcp-connection';
export { McpToolAdapter } from './adapter/mcp-tool-adapter';
export { checkServerId, McpNameError, mcpToolName } from './adapter/mcp-tool-name';
export { toolPoisoningWarnings } from './adapter/tool-poisoning';
export { type BuiltinMcpEndpoints, BuiltinMcpHttpServer } from './builtin/builtin-mcp-http-server';
export { type McpProvider, McpProviderRegistry } from './builtin/mcp-provider-registry';
export { type DirectMcpAgentConfig, loadDirectMcpTools } from './direct/load-direct-mcp-tools';
export { shareMcpServer } from './http/shared-mcp-server';
export {
  type ConnectableMcpServer,
  type McpHttpClient,
  type StatelessMcpHttpServer,
  type StatelessMcpHttpServerOptions,
  startStatelessMcpHttpServer,
} from './http/stateless-mcp-http-server';
export {
  createMcpPlugin,
  MCP_PLUGIN_NAME,
  type McpPluginConfig,
  type McpPluginOptions,
} from './mcp-plugin';
export { loginMcpServer, logoutMcpServer, type McpLoginResult } from './oauth/login';
export { McpAuthorizationRequiredError } from './oauth/oauth-provider';
export { defaultOAuthDirectory } from './oauth/token-store';
export type {
  McpClientHandlers,
  McpElicitation,
  McpElicitationAnswer,
  McpElicitationHandler,
  McpSamplingOptions,
  McpSamplingRequest,
} from './service/client-handlers';
export type { McpServerCommon, McpServerConfig } from './service/mcp-server-config';
export {
  loadMcpTools,
  type McpServerStatus,
  McpService,
  type McpServiceOptions,
} from './service/mcp-service';
export type { McpOAuthOptions, McpServerOAuthConfig } from './service/oauth-options';
export type { TransportFactory } from './service/server-connection';
export { serverLaunchWarnings } from './service/server-launch-risk';
export {
  type McpTransportFactory,
  registerMcpTransport,
} from './service/transport-factories';
