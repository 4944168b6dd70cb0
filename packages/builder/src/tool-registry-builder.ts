import { dirname, resolve } from 'node:path';
import {
  type AgentSettings,
  createContainer,
  type DependencyContainer,
  type ITool,
  type Logger,
  permissionRuleProblems,
  Tokens,
  type ToolBuildContext,
  type ToolCallHook,
  type ToolPlugin,
  type ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';
import { configuredAudit, configuredHooks, containerHooks } from './build/build-hooks';
import { type BuildServices, registerBuildServices } from './build/register-services';
import { registerTools } from './build/register-tools';
import { inBuildOrder, resolvePlugins } from './build/resolve-plugins';
import type { BuildDiagnostics } from './build-diagnostics';
import type { BuilderConfig } from './config/builder-config';
import { builderConfigProblems, throwConfigProblems } from './config/builder-config-problems';
import { loadWorkspaceSettings, mergePermissionRules } from './config/workspace-settings';
import { FIRST_PARTY_SECTIONS } from './plugins/first-party-packages';

/** Options of {@link ToolRegistryBuilder.buildToolRegistry}. */
export interface BuildToolRegistryOptions {
  /** The configuration: plugins, policy, per-plugin sections, agents. */
  readonly config?: BuilderConfig;
  /**
   * The file the configuration came from: errors name it, and plugins named in it are looked up
   * from its folder first (then the workspace root, then beside the builder).
   */
  readonly configFile?: string;
  /**
   * The caller's container. The build works in a child of it: plugins registered here under
   * `Tokens.ToolPlugin` are used, and services registered here win over the builder's defaults.
   * @default a new one
   */
  readonly container?: DependencyContainer;
  /** The agent the registry is for. @default the main agent in `default` mode */
  readonly agent?: Partial<AgentSettings>;
  /** More plugin instances, after those in the container and those the configuration names. */
  readonly plugins?: readonly ToolPlugin[];
  /**
   * The `@tinyelf` tool packages used, if installed, when the configuration names no `plugins` and
   * the container holds none. @default DEFAULT_PLUGIN_PACKAGES (no shell)
   */
  readonly defaultPlugins?: readonly string[];
  /** Where the build reports. @default the container's `Tokens.Logger`, else silent */
  readonly logger?: Logger;
  /** Cancels the build (plugins get it in their build context). */
  readonly signal?: AbortSignal;
  /** Services registered under core's tokens for the plugins. */
  readonly services?: BuildServices;
  /**
   * Whether the permission rules saved in the workspace's `.tinyelf/settings.json` (the CLI's
   * "always allow" answers) are added to the configuration's. @default true
   */
  readonly workspaceSettings?: boolean;
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

/**
 * Composes tool registries in four steps: resolve the plugins (the caller's container's, the
 * configuration's packages or the installed default `@tinyelf` packages, and the options'), check
 * the whole configuration against the builder's schema and each plugin's `configSchema` (every
 * problem at once, before any plugin runs), build the context (services under core's tokens in a
 * child container), and register the tools each eligible plugin creates in build-step order.
 * `dispose()` releases them.
 */
export class ToolRegistryBuilder {
  /** Builds one registry: see {@link BuildToolRegistryOptions} and {@link BuiltRegistry}. */
  async buildToolRegistry(options: BuildToolRegistryOptions = {}): Promise<BuiltRegistry> {
    const started = performance.now();
    const config = options.config ?? {};
    const source = options.configFile ?? 'the configuration';
    const workspaceRoot = resolve(config.workspaceRoot ?? process.cwd());
    const folders = [
      ...new Set([
        ...(options.configFile ? [dirname(resolve(options.configFile))] : []),
        workspaceRoot,
      ]),
    ];
    // The caller's plugins are resolved from the build's child container, so an injectable plugin
    // class gets the build's configuration, workspace and services.
    const container = (options.container ?? createContainer()).createChildContainer();
    const saved =
      options.workspaceSettings === false ? undefined : loadWorkspaceSettings(workspaceRoot);
    const services = registerBuildServices(container, {
      config,
      policy: {
        ...config.policy,
        permissions: mergePermissionRules(config.policy?.permissions, saved?.settings.permissions),
      },
      workspaceRoot,
      logger: options.logger,
      services: options.services,
    });
    const resolved = await resolvePlugins({
      config,
      caller: container,
      extra: options.plugins,
      defaultPackages: options.defaultPlugins,
      folders,
    });
    const sections = new Map<string, unknown>(FIRST_PARTY_SECTIONS.map((key) => [key, true]));
    for (const plugin of resolved.plugins)
      if (plugin.configKey && (sections.get(plugin.configKey) ?? true) === true)
        sections.set(plugin.configKey, plugin.configSchema ?? true);
    const agentName = options.agent?.name ?? 'main';
    throwConfigProblems(
      [
        ...(await builderConfigProblems(config, { sections, workspaceRoot, agentName })),
        ...(saved?.problems ?? []),
        ...resolved.requiredProblems,
      ],
      source,
    );

    const logger = services.logger();
    const agentRules = config.agents?.[agentName]?.permissions;
    const policy = agentRules ? services.policy().narrowedBy(agentRules) : services.policy();
    for (const plugin of resolved.plugins)
      container.register(Tokens.ToolPlugin, { useValue: plugin });
    if (resolved.missingDefaults.length)
      logger.info(`Not installed, so not used: ${resolved.missingDefaults.join(', ')}.`);
    const agentConfig = config.agents?.[agentName];
    const context: ToolBuildContext = {
      workspaceRoot,
      config,
      agent: {
        name: agentName,
        depth: options.agent?.depth ?? 0,
        permissionMode: options.agent?.permissionMode ?? agentConfig?.permissionMode ?? 'default',
        allowedTools: options.agent?.allowedTools ?? agentConfig?.allowedTools,
      },
      container,
      logger,
      signal: options.signal ?? new AbortController().signal,
    };
    // Every registry a build makes carries the policy: a call that needs confirmation runs only
    // when the caller's `confirm` says yes. Hooks in the order they run: the container's, the
    // plugins' (build order), the configuration's.
    const hooks: ToolCallHook[] = containerHooks(container);
    const audit = configuredAudit(config, workspaceRoot);
    const registry = new ToolRegistry({
      ...(config.registry ?? {}),
      workspaceRoot,
      policy,
      hooks,
      ...(audit && { audit }),
    });
    const registered = await registerTools({
      plugins: inBuildOrder(resolved.plugins),
      context,
      registry,
      required: resolved.required,
      onConflict: config.onConflict,
      hooks,
    });
    // Now that the tools are known, each rule's specifier is checked with its tool's own syntax.
    const ruleProblems = policyRuleProblems(policy, registry.getAll());
    if (ruleProblems.length) {
      await disposePlugins(registered.used, logger);
      throwConfigProblems(ruleProblems, source);
    }
    hooks.push(...configuredHooks(config, workspaceRoot));

    const filtered = context.agent.allowedTools
      ? registry.createFiltered(context.agent.allowedTools)
      : registry;
    return {
      registry: policy.registryForMode(filtered, context.agent.permissionMode),
      policy,
      container,
      diagnostics: {
        plugins: [...resolved.failed, ...registered.diagnostics],
        conflicts: registered.conflicts,
        durationMs: performance.now() - started,
      },
      dispose: () => disposePlugins(registered.used, logger),
    };
  }
}

/** What is wrong with a policy's rules (its own and its parents'), checked against the tools. */
function policyRuleProblems(policy: ToolPolicy, tools: readonly ITool[]): string[] {
  const layers = [...(policy.config.inheritedPermissions ?? []), policy.config.permissions];
  return [...new Set(layers.flatMap((rules) => permissionRuleProblems(rules, { tools })))].map(
    (problem) => `policy.${problem}`,
  );
}

/** Releases what each plugin holds; one failing to is reported, the others still run. */
async function disposePlugins(plugins: readonly ToolPlugin[], logger: Logger): Promise<void> {
  await Promise.all(
    plugins.map((plugin) =>
      Promise.resolve()
        .then(() => plugin.dispose?.())
        .catch((error: unknown) =>
          logger.warn(`Plugin ${plugin.name} failed to dispose: ${(error as Error).message}`),
        ),
    ),
  );
}

/** Builds a registry with a new {@link ToolRegistryBuilder}. */
export function buildToolRegistry(options: BuildToolRegistryOptions = {}): Promise<BuiltRegistry> {
  return new ToolRegistryBuilder().buildToolRegistry(options);
}
