import {
  type AgentRunner,
  BuildStep,
  PLUGIN_API_VERSION,
  type PluginEligibility,
  type SessionStore,
  Tokens,
  type ToolBuildContext,
  type ToolPlugin,
  ToolPolicy,
  type ToolRegistry,
} from '@tinyelf/core';
import { SESSIONS_CONFIG_SCHEMA } from './session-config-schema';
import { SessionManager } from './sessions/session-manager';
import {
  type CreatedSessionStore,
  createSessionStore,
  type SessionStoreSettings,
} from './sessions/session-store-config';
import { type AgentDefinition, SubagentManager } from './subagents/subagent-manager';
import { createNotifyTool, createSessionsYieldTool } from './tools/control-tools';
import { createSessionTools } from './tools/session-tools';
import {
  createSpawnAgentTool,
  createSubagentListTool,
  createSubagentStatusTool,
} from './tools/subagent-tools';

/** Options of {@link createSessionPlugins}; the build configuration's `sessions` section overrides them. */
export interface SessionPluginsOptions extends SessionStoreSettings {
  /** Runs sub-agents and sessions. @default the container's Tokens.AgentRunner */
  readonly runner?: AgentRunner;
  /**
   * A store object, or `'jsonl'` / `'postgres'` (with `url`) as in the configuration's
   * `sessions: { store: 'postgres', url }`.
   * @default the container's Tokens.SessionStore, or JSONL files in <workspace>/.tinyelf/sessions
   */
  readonly store?: SessionStoreSettings['store'];
  /** Agent definitions for spawn_agent's `agent`. @default {} */
  readonly agents?: Readonly<Record<string, AgentDefinition>>;
  /** @default 1 */
  readonly maxDepth?: number;
  /** The registry session agents run with. @default the registry the session tool runs in */
  readonly sessionRegistry?: () => ToolRegistry;
}

/** The shared state of the four plugins of one build. */
export interface SessionPlugins {
  /** spawn_agent, at step SubAgent. */
  readonly subAgent: ToolPlugin;
  /** subagent_list and subagent_status, at step SubAgentQuery. */
  readonly subAgentQuery: ToolPlugin;
  /** SessionsSpawn, SessionsList, SessionsSend and SessionsHistory, at step Session. */
  readonly session: ToolPlugin;
  /** Notify and SessionsYield, at step Control. */
  readonly control: ToolPlugin;
  /** The sub-agent manager, once a build created it (its `drainCompletions` feeds the parent loop). */
  readonly manager: () => SubagentManager | undefined;
}

/**
 * The tool-session plugins: SubAgent (spawn_agent), SubAgentQuery (subagent_list,
 * subagent_status), Session (SessionsSpawn, SessionsList, SessionsSend, SessionsHistory) and
 * Control (Notify, SessionsYield). The first three need an AgentRunner (from the options or the
 * container) and are ineligible without one.
 */
export function createSessionPlugins(options: SessionPluginsOptions = {}): SessionPlugins {
  let manager: SubagentManager | undefined;
  const resolved = (context: ToolBuildContext): SessionPluginsOptions => ({
    ...options,
    ...((context.config.sessions ?? {}) as SessionPluginsOptions),
  });
  const runnerOf = (context: ToolBuildContext): AgentRunner | undefined =>
    resolved(context).runner ??
    (context.container.isRegistered(Tokens.AgentRunner, true)
      ? context.container.resolve<AgentRunner>(Tokens.AgentRunner)
      : undefined);
  const policyOf = (context: ToolBuildContext): ToolPolicy =>
    context.container.isRegistered(Tokens.ToolPolicy, true)
      ? context.container.resolve<ToolPolicy>(Tokens.ToolPolicy)
      : new ToolPolicy();
  const managerFor = (context: ToolBuildContext): SubagentManager => {
    manager ??= new SubagentManager({
      runner: runnerOf(context)!,
      policy: policyOf(context),
      agents: resolved(context).agents,
      maxDepth: resolved(context).maxDepth,
    });
    return manager;
  };
  const needsRunner = (context: ToolBuildContext): PluginEligibility =>
    runnerOf(context) !== undefined
      ? true
      : {
          eligible: false,
          reason: 'no AgentRunner is configured (give the builder an agentRunner)',
        };
  const section = { configKey: 'sessions', configSchema: SESSIONS_CONFIG_SCHEMA } as const;
  let lastRegistry: ToolRegistry | undefined;
  /** The store the settings made (once per plugin set; a database pool is shared by its builds). */
  let created: CreatedSessionStore | undefined;
  const storeFor = (context: ToolBuildContext): SessionStore => {
    const settings = resolved(context);
    if (
      settings.store === undefined &&
      settings.url === undefined &&
      context.container.isRegistered(Tokens.SessionStore, true)
    )
      return context.container.resolve<SessionStore>(Tokens.SessionStore);
    created ??= createSessionStore(settings, context.workspaceRoot);
    return created.store;
  };
  return {
    manager: () => manager,
    subAgent: {
      name: 'subagents',
      apiVersion: PLUGIN_API_VERSION,
      step: BuildStep.SubAgent,
      isEligible: needsRunner,
      ...section,
      createTools: (context) => [createSpawnAgentTool(managerFor(context))],
    },
    subAgentQuery: {
      name: 'subagent-query',
      apiVersion: PLUGIN_API_VERSION,
      step: BuildStep.SubAgentQuery,
      isEligible: needsRunner,
      ...section,
      createTools: (context) => [
        createSubagentListTool(managerFor(context)),
        createSubagentStatusTool(managerFor(context)),
      ],
    },
    session: {
      name: 'sessions',
      apiVersion: PLUGIN_API_VERSION,
      step: BuildStep.Session,
      isEligible: needsRunner,
      ...section,
      createTools: (context) => {
        const store = storeFor(context);
        const sessionManager = new SessionManager({
          store,
          runner: runnerOf(context)!,
          registryFor: () => {
            const registry = resolved(context).sessionRegistry?.() ?? lastRegistry;
            if (!registry)
              throw new Error('No registry is known for session agents yet: pass sessionRegistry.');
            return registry;
          },
        });
        return createSessionTools(sessionManager, store).map((tool) => ({
          ...tool,
          execute: (
            params: Record<string, unknown>,
            toolContext?: Parameters<typeof tool.execute>[1],
          ) => {
            lastRegistry = toolContext?.registry ?? lastRegistry;
            return tool.execute(params, toolContext);
          },
        }));
      },
      dispose: async () => {
        const closing = created;
        created = undefined;
        await closing?.close();
      },
    },
    control: {
      name: 'control',
      apiVersion: PLUGIN_API_VERSION,
      step: BuildStep.Control,
      ...section,
      createTools: () => [createNotifyTool(), createSessionsYieldTool()],
    },
  };
}
