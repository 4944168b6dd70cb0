import type { DependencyContainer } from 'tsyringe';
import { PluginRegistrationError } from '../errors/plugin-registration-error';
import type { Logger } from '../logger/logger';
import type { ToolCallHook } from '../permissions/tool-call-hook';
import type { PermissionMode } from '../policy/permission-mode';
import { jsonSchemaProblems } from '../schema/json-schema-problems';
import type { ITool, JsonSchema } from '../tool/tool';
import { BuildStep } from './build-step';
import { isPluginApiCompatible, PLUGIN_API_VERSION } from './plugin-api-version';

/** The agent a registry is being built for. */
export interface AgentSettings {
  /** The agent's name (`main` for the top-level agent). */
  readonly name: string;
  /** 0 for the main agent, 1 for its sub-agents, and so on. */
  readonly depth: number;
  /** The permission mode the agent runs in. */
  readonly permissionMode: PermissionMode;
  /** When set, only these tools (names, or prefixes ending in `*`) go into the registry. */
  readonly allowedTools?: readonly string[];
}

/** What a plugin receives when the builder asks it for tools. */
export interface ToolBuildContext {
  /** The workspace root (absolute). */
  readonly workspaceRoot: string;
  /**
   * The build configuration. A plugin reads its own section, `config[plugin.configKey]`, which the
   * builder has already checked against the plugin's `configSchema`.
   */
  readonly config: Readonly<Record<string, unknown>>;
  /** The agent the registry is for. */
  readonly agent: AgentSettings;
  /**
   * The build's DI container (a child of the caller's). Services are registered under core's
   * `Tokens` (`BackgroundModel`, `AgentRunner`, `SessionStore`, `McpService`, `Logger`,
   * `Workspace`, `ToolPolicy`, ...): resolve them here; what the caller registered wins.
   */
  readonly container: DependencyContainer;
  /** Where to report what happened (warnings become the plugin's diagnostic warnings). */
  readonly logger: Logger;
  /** Fires when the build is cancelled. */
  readonly signal: AbortSignal;
}

/**
 * What `isEligible` answers: `true`, or `false` with the reason a person reads in the build's
 * diagnostics (`tinyelf tools`), such as `no skills.registryUrl is configured`.
 */
export type PluginEligibility =
  | true
  | {
      /** Not eligible for this build. */
      readonly eligible: false;
      /** Why, in words a person acts on (`no skills.registryUrl is configured`). */
      readonly reason: string;
    };

/** What {@link readEligibility} made of an `isEligible` answer. */
export interface EligibilityReading {
  /** Whether the plugin takes part in the build. */
  readonly eligible: boolean;
  /** Why it does not, when it said. */
  readonly reason?: string;
  /** What is wrong with an answer of another shape (a plugin bug). */
  readonly invalid?: string;
}

/**
 * A tool family. Register it in a DI container under `Tokens.ToolPlugin` (or export it from a
 * package, see {@link ToolPluginModule}); the builder checks every configuration section against
 * its plugin's `configSchema`, sorts the plugins by `step`, skips the ineligible ones and
 * registers the tools each creates.
 */
export interface ToolPlugin {
  /** A unique name, such as `@tinyelf/tool-fs`. */
  readonly name: string;
  /** The plugin contract version this plugin implements: `PLUGIN_API_VERSION`. */
  readonly apiVersion: number;
  /** When the plugin's tools are created; without a step, after Control. */
  readonly step?: BuildStep;
  /**
   * The top-level section of the configuration this plugin reads (`shell` for Bash). Several
   * plugins of one package may share a section. Without it, the plugin reads no section.
   */
  readonly configKey?: string;
  /**
   * The JSON Schema (a TypeBox `Type.Object(...)` is one) of the section under `configKey`, an
   * object schema. The builder checks the section against it before any plugin runs; keys it does
   * not list are errors, so give `additionalProperties: false` or list every key.
   */
  readonly configSchema?: JsonSchema;
  /**
   * Whether the plugin applies to this build (for example not for sub-agents): `true`, or
   * `{ eligible: false, reason }`. A bare `false` is accepted and reported without a reason.
   * @default true
   */
  isEligible?(
    context: ToolBuildContext,
  ): PluginEligibility | boolean | Promise<PluginEligibility | boolean>;
  /** Creates the plugin's tools for this build. */
  createTools(context: ToolBuildContext): readonly ITool[] | Promise<readonly ITool[]>;
  /**
   * Creates hooks run around every call of the registry (not only this plugin's tools; narrow
   * them with `toolNames`), after `createTools`, for an eligible plugin. They run after the
   * container's hooks and before the configuration's, in build order.
   */
  createHooks?(
    context: ToolBuildContext,
  ): readonly ToolCallHook[] | Promise<readonly ToolCallHook[]>;
  /** Releases what the plugin holds (connections, processes). */
  dispose?(): void | Promise<void>;
}

/**
 * What a plugin package exports, for the builder to load it by name from configuration
 * (`"plugins": ["tinyelf-plugin-git"]` or `{ "package": "...", "options": {...} }`), looked up in
 * this order: `createPlugins(options)` returning plugins, `createPlugin(options)` returning one,
 * `plugins` (a list), `default` (a plugin, a list, or a factory taking the options).
 */
export interface ToolPluginModule {
  /** A factory of the package's plugins; gets the entry's `options`. */
  readonly createPlugins?: (
    options: Readonly<Record<string, unknown>>,
  ) => readonly ToolPlugin[] | Promise<readonly ToolPlugin[]>;
  /** A factory of the package's plugin; gets the entry's `options`. */
  readonly createPlugin?: (
    options: Readonly<Record<string, unknown>>,
  ) => ToolPlugin | Promise<ToolPlugin>;
  /** The package's plugins. */
  readonly plugins?: readonly ToolPlugin[];
  /** A plugin, a list of plugins, or a factory of either. */
  readonly default?: unknown;
}

/** The plugins a loaded {@link ToolPluginModule} gives for `options`, each checked with {@link assertToolPlugin}. */
export async function pluginsOfModule(
  module: ToolPluginModule,
  options: Readonly<Record<string, unknown>>,
  source: string,
): Promise<ToolPlugin[]> {
  const candidate = module.createPlugins ?? module.createPlugin ?? module.plugins ?? module.default;
  if (candidate === undefined)
    throw new PluginRegistrationError({
      pluginName: source,
      message: `"${source}" is not a TinyElf plugin package: it exports none of createPlugins, createPlugin, plugins or default.`,
    });
  const produced =
    typeof candidate === 'function'
      ? await (candidate as (options: unknown) => unknown)(options)
      : candidate;
  const plugins = Array.isArray(produced) ? produced : [produced];
  for (const plugin of plugins) assertToolPlugin(plugin, source);
  return plugins as ToolPlugin[];
}

/**
 * Refuses anything that is not a usable {@link ToolPlugin}, naming every problem at once: a name,
 * a compatible `apiVersion`, a known `step`, `createTools` (and `isEligible`, `dispose` when given)
 * functions, and a `configSchema` that is a well-formed object schema (`{ type: 'strin' }` is
 * refused) given together with `configKey`. The builder and the conformance suite both use it.
 */
export function assertToolPlugin(value: unknown, source?: string): asserts value is ToolPlugin {
  const problems = toolPluginProblems(value);
  if (problems.length === 0) return;
  const name = (value as { name?: unknown } | null)?.name;
  const label = typeof name === 'string' && name ? `"${name}"` : 'the plugin';
  throw new PluginRegistrationError({
    pluginName: typeof name === 'string' && name ? name : (source ?? 'unknown'),
    message: `${label}${source && source !== name ? ` from "${source}"` : ''} is not a valid TinyElf plugin: ${problems.join('; ')}.`,
  });
}

/** The problems {@link assertToolPlugin} reports; an empty list for a valid plugin. */
export function toolPluginProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null)
    return [`a plugin is an object with name, apiVersion and createTools, got ${typeof value}`];
  const plugin = value as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof plugin.name !== 'string' || plugin.name.trim() === '')
    problems.push('it needs a name (a non-empty string)');
  if (!isPluginApiCompatible(plugin.apiVersion))
    problems.push(
      `it implements plugin API version ${JSON.stringify(plugin.apiVersion)}, but this @tinyelf/core implements version ${PLUGIN_API_VERSION}; use a version of the plugin built for it`,
    );
  if (plugin.step !== undefined && !Object.values(BuildStep).includes(plugin.step as BuildStep))
    problems.push(`step ${JSON.stringify(plugin.step)} is not a BuildStep (1 to 12)`);
  if (typeof plugin.createTools !== 'function') problems.push('createTools must be a function');
  for (const method of ['isEligible', 'createHooks', 'dispose'])
    if (plugin[method] !== undefined && typeof plugin[method] !== 'function')
      problems.push(`${method} must be a function when given`);
  if (plugin.configKey !== undefined && (typeof plugin.configKey !== 'string' || !plugin.configKey))
    problems.push('configKey must be a non-empty string');
  if (plugin.configSchema !== undefined) {
    if (plugin.configKey === undefined) problems.push('configSchema needs a configKey');
    const schema = plugin.configSchema as JsonSchema;
    if (typeof schema !== 'object' || schema === null || schema.type !== 'object')
      problems.push('configSchema must be an object schema ({ type: "object", properties })');
    problems.push(...jsonSchemaProblems(schema).map((problem) => `configSchema ${problem}`));
  }
  return problems;
}

/**
 * Reads what `isEligible` answered: eligible, or not with its reason. An answer of another shape
 * is a plugin bug, reported as `invalid` (the conformance suite fails it; the builder skips the
 * plugin with that message).
 */
export function readEligibility(answer: unknown): EligibilityReading {
  if (answer === true) return { eligible: true };
  if (answer === false) return { eligible: false };
  const object = answer as { eligible?: unknown; reason?: unknown } | null;
  if (typeof object === 'object' && object !== null && object.eligible === false)
    return typeof object.reason === 'string' && object.reason
      ? { eligible: false, reason: object.reason }
      : { eligible: false, invalid: 'isEligible returned { eligible: false } without a reason' };
  return {
    eligible: false,
    invalid: `isEligible must return true or { eligible: false, reason }, got ${JSON.stringify(answer)?.slice(0, 40)}`,
  };
}
