import {
  type AgentRunner,
  type BackgroundModel,
  type DependencyContainer,
  type Logger,
  type SessionStore,
  silentLogger,
  Tokens,
  ToolPolicy,
  type ToolPolicyConfig,
} from '@tinyelf/core';
import type { BuilderConfig } from '../config/builder-config';

/** Services a caller hands to one build; each is registered under core's token for the plugins. */
export interface BuildServices {
  /** For WebFetch summaries (`Tokens.BackgroundModel`). */
  readonly backgroundModel?: BackgroundModel;
  /** Runs sub-agents and sessions (`Tokens.AgentRunner`); without one their tools are skipped. */
  readonly agentRunner?: AgentRunner;
  /** Where sessions are kept (`Tokens.SessionStore`). @default a JSONL store in the workspace */
  readonly sessionStore?: SessionStore;
  /** An `McpService` of `@tinyelf/tool-mcp` shared between builds (`Tokens.McpService`). */
  readonly mcpService?: unknown;
  /**
   * The search services WebSearch uses when the configuration names none
   * (`Tokens.WebSearchServices`; `@tinyelf/tool-web`'s `SearchServiceConfig` list).
   */
  readonly webSearchServices?: readonly unknown[];
}

/**
 * Registers the build's services in its child container, under core's tokens: the services the
 * options give, then the builder's defaults (configuration, workspace root, logger, policy) for
 * each token the caller's container does not already hold — what the caller registered wins.
 * Returns how to get the logger and policy the build uses (resolved once the configuration has
 * been checked: the policy is made from it).
 */
export function registerBuildServices(
  container: DependencyContainer,
  settings: {
    readonly config: BuilderConfig;
    /** The policy's configuration: the configuration's, with the workspace settings' rules added. */
    readonly policy?: ToolPolicyConfig;
    readonly workspaceRoot: string;
    readonly logger?: Logger;
    readonly services?: BuildServices;
  },
): { logger: () => Logger; policy: () => ToolPolicy } {
  const services = settings.services ?? {};
  const given: [string, unknown][] = [
    [Tokens.BackgroundModel, services.backgroundModel],
    [Tokens.AgentRunner, services.agentRunner],
    [Tokens.SessionStore, services.sessionStore],
    [Tokens.McpService, services.mcpService],
    [Tokens.WebSearchServices, services.webSearchServices],
    [Tokens.Logger, settings.logger],
  ];
  for (const [token, value] of given)
    if (value !== undefined) container.register(token, { useValue: value });
  const defaults: [string, unknown][] = [
    [Tokens.BuildConfig, settings.config],
    [Tokens.WorkspaceRoot, settings.workspaceRoot],
    [Tokens.Logger, silentLogger],
    [Tokens.ToolPolicyConfig, settings.policy ?? settings.config.policy ?? {}],
  ];
  for (const [token, value] of defaults)
    if (!container.isRegistered(token, true)) container.register(token, { useValue: value });
  if (!container.isRegistered(Tokens.ToolPolicy, true))
    container.registerSingleton(Tokens.ToolPolicy, ToolPolicy);
  return {
    logger: () => container.resolve<Logger>(Tokens.Logger),
    policy: () => container.resolve<ToolPolicy>(Tokens.ToolPolicy),
  };
}
