export {
  type JsonRpcNotification,
  type JsonRpcTarget,
  type PostOptions,
  postJsonRpc,
} from './connection/post-json-rpc';
export {
  type RemoteCallResult,
  type RemoteContentPart,
  type RemoteToolDefinition,
  RemoteToolServer,
} from './connection/remote-tool-server';
export {
  RemoteToolServerError,
  type RemoteToolServerErrorCode,
} from './connection/remote-tool-server-error';
export {
  ASSESS_RISK_METHOD,
  type AssessRiskParams,
  type AssessRiskResult,
  ERROR_CODE_META,
  PROGRESS_COUNTED_META,
  REMOTE_TOOLS_CAPABILITY,
  REMOTE_TOOLS_EXTENSION_VERSION,
  type RemoteToolFacts,
  type RemoteToolsCapability,
  RISK_CONFIRMED_META,
  TOOL_FACTS_METHOD,
  type ToolFactsResult,
  WORKSPACE_HEADER,
} from './protocol/remote-tool-protocol';
export { createRemoteTool, type RemoteTool } from './remote-tool';
export {
  checkRemoteSettings,
  REMOTE_CONFIG_SCHEMA,
  type RemoteServerSettings,
  type RemoteToolsOptions,
} from './remote-tools-options';
export {
  createRemoteToolsPlugin,
  REMOTE_CONFIG_KEY,
  REMOTE_TOOLS_PLUGIN_NAME,
  type RemoteToolsPlugin,
} from './remote-tools-plugin';
export { VERSION } from './version';
