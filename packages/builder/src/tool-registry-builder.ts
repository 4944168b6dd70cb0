import { resolve } from 'node:path';
import {
  type AgentRunner,
  type AgentSettings,
  type BackgroundModel,
  buildStepName,
  createContainer,
  type DependencyContainer,
  isPluginApiCompatible,
  type Logger,
  PLUGIN_API_VERSION,
  PluginRegistrationError,
  type SessionStore,
  silentLogger,
  Tokens,
  type ToolBuildContext,
  type ToolPlugin,
  ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';
import type { BuildDiagnostics, PluginDiagnostic, ToolConflict } from './build-diagnostics';
import type { BuilderConfig } from './builder-config';
import { loadDefaultPlugins } from './default-plugins';
import { loadPluginPackage } from './load-plugin-package';

/** Options of {@link ToolRegistryBuilder.buildToolRegistry}. */
export interface BuildToolRegistryOptions {
  /** The configuration: plugins, policy, per-plugin sections, agents. */
  readonly config?: BuilderConfig;
  /** The container to build in (a child container is made for the build). @default a new one */
  readonly container?: DependencyContainer;
  /** The agent the registry is for. @default the main agent in `default` mode */
  readonly agent?: Partial<AgentSettings>;
  /** More plugin instances, besides those the configuration names and those in the container. */
  readonly plugins?: readonly ToolPlugin[];
  /**
   * The `@tinyelf` tool packages used, if installed, when the configuration names no `plugins` and
   * the container holds none. @default DEFAULT_PLUGIN_PACKAGES (no shell)
   */
  readonly defaultPlugins?: readonly string[];
  /** Where the build reports (a plugin skipped or failed). @default silentLogger */
  readonly logger?: Logger;
  /** Cancels the build (plugins get it in their build context). */
  readonly signal?: AbortSignal;
  /** Services registered under core's tokens for the plugins. */
  readonly services?: {
    /** For WebFetch summaries. */
    readonly backgroundModel?: BackgroundModel;
    /** Runs sub-agents and sessions; without it their tools are skipped. */
    readonly agentRunner?: AgentRunner;
    /** Where sessions are kept. @default a JSONL store in the workspace */
    readonly sessionStore?: SessionStore;
    /** An McpService shared between builds (`@tinyelf/tool-mcp`). */
    readonly mcpService?: unknown;
  };
}

/** What a build gives. */
export interface BuiltRegistry {
  /** The tools, filtered for the agent. */
  readonly registry: ToolRegistry;
  /** The policy the build used, for confirmation decisions. */
  readonly policy: ToolPolicy;
  /** What each plugin did, and the conflicts. */
  readonly diagnostics: BuildDiagnostics;
  /** The build's container. */
  readonly container: DependencyContainer;
  /** Releases what the plugins opened (MCP clients and their processes, servers, runs). */
  dispose(): Promise<void>;
}

const afterControl = 13;

/**
 * Composes tool registries: registers the configuration, workspace, policy and services under
 * core's tokens in a child container, resolves every `ToolPlugin` (from the container, the
 * configuration's packages or the installed default `@tinyelf` packages, and the options), sorts them by
 * build step (registration order within a step, plugins without a step after Control), asks each
 * whether it is eligible, and registers the tools it creates. A failing plugin is reported and the
 * rest still builds, unless it is required; a tool name offered twice keeps the first.
 */
export class ToolRegistryBuilder {
  /** Builds one registry: see {@link BuildToolRegistryOptions} and {@link BuiltRegistry}. */
  async buildToolRegistry(options: BuildToolRegistryOptions = {}): Promise<BuiltRegistry> {
    const started = performance.now();
    const config = options.config ?? {};
    const logger = options.logger ?? silentLogger;
    const workspaceRoot = resolve(config.workspaceRoot ?? process.cwd());
    const container = (options.container ?? createContainer()).createChildContainer();
    const agentName = options.agent?.name ?? 'main';
    const agentConfig = config.agents?.[agentName];
    const agent: AgentSettings = {
      name: agentName,
      depth: options.agent?.depth ?? 0,
      permissionMode: options.agent?.permissionMode ?? agentConfig?.permissionMode ?? 'default',
      allowedTools: options.agent?.allowedTools ?? agentConfig?.allowedTools,
    };

    container.register(Tokens.BuildConfig, { useValue: config });
    container.register(Tokens.WorkspaceRoot, { useValue: workspaceRoot });
    container.register(Tokens.Logger, { useValue: logger });
    container.register(Tokens.ToolPolicyConfig, { useValue: config.policy ?? {} });
    container.registerSingleton(Tokens.ToolPolicy, ToolPolicy);
    const services = options.services ?? {};
    if (services.backgroundModel)
      container.register(Tokens.BackgroundModel, { useValue: services.backgroundModel });
    if (services.agentRunner)
      container.register(Tokens.AgentRunner, { useValue: services.agentRunner });
    if (services.sessionStore)
      container.register(Tokens.SessionStore, { useValue: services.sessionStore });
    if (services.mcpService)
      container.register(Tokens.McpService, { useValue: services.mcpService });
    const policy = container.resolve<ToolPolicy>(Tokens.ToolPolicy);

    const required = new Set<string>();
    const configured: ToolPlugin[] = [];
    if (config.plugins) {
      for (const reference of config.plugins) {
        const specifier = typeof reference === 'string' ? reference : reference.package;
        const loaded = await loadPluginPackage(
          specifier,
          typeof reference === 'string' ? {} : (reference.options ?? {}),
          workspaceRoot,
        );
        if (typeof reference !== 'string' && reference.required)
          for (const plugin of loaded) required.add(plugin.name);
        configured.push(...loaded);
      }
    } else if (!container.isRegistered(Tokens.ToolPlugin, true)) {
      const defaults = await loadDefaultPlugins(options.defaultPlugins);
      configured.push(...defaults.plugins);
      if (defaults.missing.length)
        logger.info(`Not installed, so not used: ${defaults.missing.join(', ')}.`);
    }
    for (const plugin of [...configured, ...(options.plugins ?? [])])
      container.register(Tokens.ToolPlugin, { useValue: plugin });
    const plugins = container.isRegistered(Tokens.ToolPlugin, true)
      ? container.resolveAll<ToolPlugin>(Tokens.ToolPlugin)
      : [];
    const ordered = plugins
      .map((plugin, index) => ({ plugin, index }))
      .sort(
        (a, b) =>
          (a.plugin.step ?? afterControl) - (b.plugin.step ?? afterControl) || a.index - b.index,
      );

    // Plugins say why they are ineligible through the logger; the last thing each said is kept for its diagnostic.
    // Warnings are kept for the diagnostic of the plugin that gave them.
    let lastMessage: string | undefined;
    let warnings: string[] = [];
    const note =
      (write: Logger['info']) => (message: string, details?: Record<string, unknown>) => {
        lastMessage = message;
        write(message, details);
      };
    const recordingLogger: Logger = {
      debug: logger.debug,
      info: note(logger.info),
      warn: (message, details) => {
        warnings.push(message);
        note(logger.warn)(message, details);
      },
      error: note(logger.error),
    };
    const context: ToolBuildContext = {
      workspaceRoot,
      config,
      agent,
      container,
      logger: recordingLogger,
      signal: options.signal ?? new AbortController().signal,
    };
    const registry = new ToolRegistry({ ...(config.registry ?? {}), workspaceRoot });
    const owners = new Map<string, string>();
    const diagnostics: PluginDiagnostic[] = [];
    const conflicts: ToolConflict[] = [];
    const used: ToolPlugin[] = [];
    for (const { plugin } of ordered) {
      const pluginStarted = performance.now();
      warnings = [];
      const record = (status: PluginDiagnostic['status'], tools: string[], reason?: string) =>
        diagnostics.push({
          plugin: plugin.name,
          step: buildStepName(plugin.step),
          status,
          tools,
          reason,
          ...(status === 'added' && warnings.length ? { warnings } : {}),
          durationMs: performance.now() - pluginStarted,
        });
      try {
        if (!isPluginApiCompatible(plugin.apiVersion)) {
          throw new PluginRegistrationError({
            pluginName: plugin.name,
            message: `implements plugin API version ${String(plugin.apiVersion)}, this core implements ${PLUGIN_API_VERSION}`,
          });
        }
        lastMessage = undefined;
        if (plugin.isEligible && !(await plugin.isEligible(context))) {
          record('skipped', [], lastMessage ?? 'not eligible for this agent or configuration');
          continue;
        }
        used.push(plugin);
        const added: string[] = [];
        for (const tool of await plugin.createTools(context)) {
          const owner = owners.get(tool.name);
          if (owner) {
            if (config.onConflict === 'error')
              throw new Error(`the tool name ${tool.name} is already offered by ${owner}`);
            conflicts.push({ tool: tool.name, kept: owner, dropped: plugin.name });
            logger.warn(
              `Tool ${tool.name} of ${plugin.name} not registered: ${owner} offers it already.`,
            );
            continue;
          }
          registry.register(tool);
          owners.set(tool.name, plugin.name);
          added.push(tool.name);
        }
        record('added', added);
      } catch (error) {
        const message = (error as Error).message ?? String(error);
        record('failed', [], message);
        logger.error(`Plugin ${plugin.name} failed: ${message}`);
        if (required.has(plugin.name)) {
          await Promise.all(used.map((each) => each.dispose?.()));
          throw new PluginRegistrationError({
            pluginName: plugin.name,
            message: `The required plugin "${plugin.name}" failed: ${message}`,
            cause: error,
          });
        }
      }
    }

    let composed = agent.allowedTools ? registry.createFiltered(agent.allowedTools) : registry;
    composed = policy.registryForMode(composed, agent.permissionMode);
    return {
      registry: composed,
      policy,
      container,
      diagnostics: { plugins: diagnostics, conflicts, durationMs: performance.now() - started },
      dispose: async () => {
        await Promise.all(
          used.map((plugin) =>
            Promise.resolve(plugin.dispose?.()).catch((error: unknown) =>
              logger.warn(`Plugin ${plugin.name} failed to dispose: ${(error as Error).message}`),
            ),
          ),
        );
      },
    };
  }
}

/** Builds a registry with a new {@link ToolRegistryBuilder}. */
export function buildToolRegistry(options: BuildToolRegistryOptions = {}): Promise<BuiltRegistry> {
  return new ToolRegistryBuilder().buildToolRegistry(options);
}
