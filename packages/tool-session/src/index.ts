export { type NotificationOutcome, sendNotification } from './notify/send-notification';
export {
  createSessionPlugins,
  type SessionPlugins,
  type SessionPluginsOptions,
} from './session-plugins';
export { JsonlSessionStore } from './sessions/jsonl-session-store';
export type { PostgresConnectionOptions } from './sessions/postgres/postgres-connection';
export { postgresSchemaSql } from './sessions/postgres/postgres-schema';
export {
  PostgresSessionStore,
  type PostgresSessionStoreOptions,
} from './sessions/postgres/postgres-session-store';
export { redactSecrets } from './sessions/redact-secrets';
export {
  type PagedSessionList,
  readSessionList,
  type SessionListPage,
  type SessionListRequest,
} from './sessions/session-list';
export { SessionManager, type SessionManagerOptions } from './sessions/session-manager';
export {
  type PagedSessionStore,
  readRecentMessages,
  type SessionMessagePage,
  type SessionPageRequest,
} from './sessions/session-page';
export {
  type CreatedSessionStore,
  createSessionStore,
  type SessionStoreSettings,
  sessionStoreSettingsSchema,
} from './sessions/session-store-config';
export {
  type AgentDefinition,
  type ParentAgent,
  type SpawnRequest,
  SubagentManager,
  type SubagentManagerOptions,
  type SubagentRun,
} from './subagents/subagent-manager';
export { createNotifyTool, createSessionsYieldTool } from './tools/control-tools';
export { createSessionTools } from './tools/session-tools';
export {
  createSpawnAgentTool,
  createSubagentListTool,
  createSubagentStatusTool,
} from './tools/subagent-tools';
