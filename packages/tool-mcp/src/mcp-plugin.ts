import {
  type BackgroundModel,
  BuildStep,
  type ITool,
  PLUGIN_API_VERSION,
  type RiskWarning,
  Tokens,
  type ToolBuildContext,
  type ToolPlugin,
} from '@tinyelf/core';
import type { McpProviderRegistry } from './builtin/mcp-provider-registry';
import { loadDirectMcpTools } from './direct/load-direct-mcp-tools';
import { MCP_CONFIG_SCHEMA } from './mcp-config-schema';
import type { McpElicitationHandler, McpSamplingRequest } from './service/client-handlers';
import type { McpServerConfig } from './service/mcp-server-config';
import { McpService } from './service/mcp-service';
import type { McpOAuthOptions } from './service/oauth-options';

/** The `mcp` configuration section. */
export interface McpPluginConfig {
  /** The user's servers. */
  readonly servers?: readonly McpServerConfig[];
  /** Per agent name: its own stdio servers. */
  readonly agents?: Readonly<
    Record<
      string,
      {
        /** Servers connected for this agent's registry only. */
        readonly directMcpServers?: readonly McpServerConfig[];
        /** Whether this agent gets the builtin in-process servers' tools. @default true */
        readonly builtinMcp?: boolean;
      }
    >
  >;
  /** Time to connect to each server. @default 30_000 */
  readonly connectTimeoutMs?: number;
  /** Per call, unless the server entry sets `timeout`. @default 60_000 */
  readonly callTimeoutMs?: number;
  /**
   * Whether servers may use the background model (`Tokens.BackgroundModel`) through MCP sampling
   * without asking (`allowSampling` asks per request). @default false
   */
  readonly sampling?: boolean;
}

/** Options of {@link createMcpPlugin}. */
export interface McpPluginOptions extends McpPluginConfig {
  /** Builtin in-process servers. */
  readonly providers?: McpProviderRegistry;
  /** Consent before launching a project-supplied server. */
  readonly confirmLaunch?: (
    server: McpServerConfig,
    warnings: readonly RiskWarning[],
  ) => Promise<boolean>;
  /** Servers' elicitation requests go to the user here; without it they are declined. */
  readonly elicit?: McpElicitationHandler;
  /** Asked before a server's sampling request goes to the background model (turns sampling on). */
  readonly allowSampling?: (request: McpSamplingRequest) => Promise<boolean>;
  /** OAuth token files and, for an interactive host, how the user is shown the authorization page. */
  readonly oauth?: McpOAuthOptions;
}

/** The plugin's name, and the key of its configuration section. */
export const MCP_PLUGIN_NAME = 'mcp';

/**
 * The MCP plugin, at step Mcp: the user's servers, the eligible builtin providers and the agent's
 * direct servers, as `mcp__<server>__<tool>` tools. Ineligible (and the SDK never loaded) when
 * none is configured. `dispose()` closes every connection.
 */
export function createMcpPlugin(options: McpPluginOptions = {}): ToolPlugin {
  const disposers: (() => Promise<void>)[] = [];
  const configFor = (context: ToolBuildContext): McpPluginOptions => ({
    ...options,
    ...((context.config[MCP_PLUGIN_NAME] ?? {}) as McpPluginConfig),
  });
  return {
    name: MCP_PLUGIN_NAME,
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.Mcp,
    configKey: MCP_PLUGIN_NAME,
    configSchema: MCP_CONFIG_SCHEMA,
    isEligible(context) {
      const config = configFor(context);
      const agent = config.agents?.[context.agent.name];
      const eligible = Boolean(
        sharedService(context) ||
          config.servers?.length ||
          agent?.directMcpServers?.length ||
          (config.providers?.list().length && agent?.builtinMcp !== false),
      );
      return eligible
        ? true
        : {
            eligible: false,
            reason:
              'no MCP servers are configured (mcp.servers) and no builtin providers are given',
          };
    },
    async createTools(context) {
      const config = configFor(context);
      const tools: ITool[] = [];
      const model =
        (config.sampling || config.allowSampling) &&
        context.container.isRegistered(Tokens.BackgroundModel, true)
          ? context.container.resolve<BackgroundModel>(Tokens.BackgroundModel)
          : undefined;
      const serviceOptions = {
        connectTimeoutMs: config.connectTimeoutMs,
        callTimeoutMs: config.callTimeoutMs,
        container: context.container,
        logger: context.logger,
        confirmLaunch: config.confirmLaunch,
        elicit: config.elicit,
        sampling: model ? { model, allow: config.allowSampling } : undefined,
        oauth: config.oauth,
      };
      const shared = sharedService(context);
      if (shared) tools.push(...shared.tools());
      else if (config.servers?.length) {
        const service = new McpService(config.servers, serviceOptions);
        disposers.push(() => service.dispose());
        for (const status of await service.start()) {
          if (status.state === 'failed' || status.state === 'refused')
            context.logger.warn(`MCP server "${status.id}" ${status.state}: ${status.error}`);
        }
        tools.push(...service.tools());
      }
      const agent = config.agents?.[context.agent.name];
      if (config.providers && agent?.builtinMcp !== false) {
        const builtin = await config.providers.load(context);
        disposers.push(builtin.dispose);
        tools.push(...builtin.tools);
      }
      if (agent?.directMcpServers?.length) {
        const direct = await loadDirectMcpTools(agent, serviceOptions);
        disposers.push(direct.dispose);
        tools.push(...direct.tools);
      }
      return tools;
    },
    async dispose() {
      await Promise.all(disposers.splice(0).map((dispose) => dispose()));
    },
  };
}

/**
 * The McpService the host registered in the build's container (`Tokens.McpService`), shared
 * between builds: when there is one, its tools are offered instead of connecting `mcp.servers`
 * again; the host started it and disposes it.
 */
function sharedService(context: ToolBuildContext): Pick<McpService, 'tools'> | undefined {
  return context.container.isRegistered(Tokens.McpService, true)
    ? context.container.resolve<Pick<McpService, 'tools'>>(Tokens.McpService)
    : undefined;
}
