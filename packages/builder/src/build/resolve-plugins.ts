import {
  type DependencyContainer,
  describeThrown,
  Tokens,
  type ToolPlugin,
  toolPluginProblems,
} from '@tinyelf/core';
import type { PluginDiagnostic } from '../build-diagnostics';
import type { BuilderConfig } from '../config/builder-config';
import { loadDefaultPlugins } from '../plugins/default-plugins';
import { loadPluginPackage } from '../plugins/load-plugin-package';

/** The plugins of a build, before any of them runs. */
export interface ResolvedPlugins {
  /** Every usable plugin: the caller's container's, then the configuration's, then the options'. */
  readonly plugins: readonly ToolPlugin[];
  /** The names of plugins whose failure fails the build. */
  readonly required: ReadonlySet<string>;
  /** Entries that could not be used and are not required: reported, the rest builds. */
  readonly failed: readonly PluginDiagnostic[];
  /** Entries that could not be used and are required: each one line, for the build's refusal. */
  readonly requiredProblems: readonly string[];
  /** The default packages that are not installed. */
  readonly missingDefaults: readonly string[];
}

/**
 * Collects the build's plugins: those registered in the caller's container, those the
 * configuration names (looked up from `folders`: the configuration file's folder, then the
 * workspace root) or, when it names none and the caller gives none, the installed default
 * packages, then `extra`. Every bad entry is reported, not only the first.
 */
export async function resolvePlugins(settings: {
  readonly config: BuilderConfig;
  readonly caller?: DependencyContainer;
  readonly extra?: readonly ToolPlugin[];
  readonly defaultPackages?: readonly string[];
  readonly folders: readonly string[];
}): Promise<ResolvedPlugins> {
  const { config, caller, folders } = settings;
  const failed: PluginDiagnostic[] = [];
  const requiredProblems: string[] = [];
  const required = new Set<string>();
  const reject = (name: string, reason: string, isRequired: boolean, where: string) => {
    if (isRequired) requiredProblems.push(`${where} ("${name}", required): ${reason}`);
    else
      failed.push({ plugin: name, step: '-', status: 'failed', tools: [], reason, durationMs: 0 });
  };
  const checked = (plugins: readonly unknown[], where: string): ToolPlugin[] =>
    plugins.filter((plugin, index): plugin is ToolPlugin => {
      const problems = toolPluginProblems(plugin);
      if (problems.length === 0) return true;
      const name = (plugin as { name?: unknown } | null)?.name;
      reject(
        typeof name === 'string' ? name : `${where}.${index}`,
        problems.join('; '),
        false,
        where,
      );
      return false;
    });

  const fromCaller =
    caller?.isRegistered(Tokens.ToolPlugin, true) === true
      ? checked(caller.resolveAll<ToolPlugin>(Tokens.ToolPlugin), 'container')
      : [];
  const configured: ToolPlugin[] = [];
  let missingDefaults: string[] = [];
  if (config.plugins) {
    for (const [index, reference] of config.plugins.entries()) {
      const entry = typeof reference === 'string' ? { package: reference } : reference;
      try {
        const loaded = await loadPluginPackage(entry.package, entry.options ?? {}, folders);
        if (entry.required) for (const plugin of loaded) required.add(plugin.name);
        configured.push(...loaded);
      } catch (error) {
        reject(entry.package, describeThrown(error), entry.required === true, `plugins.${index}`);
      }
    }
  } else if (fromCaller.length === 0) {
    const defaults = await loadDefaultPlugins(settings.defaultPackages, folders);
    configured.push(...defaults.plugins);
    missingDefaults = defaults.missing;
  }
  const plugins = [
    ...fromCaller,
    ...configured,
    ...checked(settings.extra ?? [], 'plugins option'),
  ];
  return { plugins, required, failed, requiredProblems, missingDefaults };
}

const afterControl = 13;

/** The plugins in build order: by step (those without one after Control), registration order within a step. */
export function inBuildOrder(plugins: readonly ToolPlugin[]): ToolPlugin[] {
  return plugins
    .map((plugin, index) => ({ plugin, index }))
    .sort(
      (a, b) =>
        (a.plugin.step ?? afterControl) - (b.plugin.step ?? afterControl) || a.index - b.index,
    )
    .map(({ plugin }) => plugin);
}
