import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  isPluginApiCompatible,
  PLUGIN_API_VERSION,
  PluginRegistrationError,
  type ToolPlugin,
} from '@tinyelf/core';
import { TINYELF_PACKAGES } from './default-plugins';

/**
 * Loads the plugins of a package named in configuration, with a dynamic import (the `@tinyelf` tool
 * packages through their known factories). Any other module may
 * export a plugin or a list of plugins as `default` or `plugins`, or a factory (`default`,
 * `createPlugin` or `createPlugins`) that takes the options. A missing package, a module that is
 * not a plugin, and a plugin written for another `PLUGIN_API_VERSION` get errors that say which and
 * why.
 */
export async function loadPluginPackage(
  specifier: string,
  options: Readonly<Record<string, unknown>> = {},
  workspaceRoot = process.cwd(),
): Promise<ToolPlugin[]> {
  const target =
    specifier.startsWith('.') || isAbsolute(specifier)
      ? pathToFileURL(resolve(workspaceRoot, specifier)).href
      : specifier;
  let module: Record<string, unknown>;
  const known = TINYELF_PACKAGES[specifier];
  try {
    if (known) return await known(options);
    module = (await import(target)) as Record<string, unknown>;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';
    throw new PluginRegistrationError({
      pluginName: specifier,
      message: missing
        ? `The plugin package "${specifier}" is not installed (install it, or remove it from the configuration's plugins).`
        : `The plugin package "${specifier}" failed to load: ${(error as Error).message}`,
      cause: error,
    });
  }
  const candidate = module.createPlugins ?? module.createPlugin ?? module.plugins ?? module.default;
  const produced =
    typeof candidate === 'function'
      ? await (candidate as (options: unknown) => unknown)(options)
      : candidate;
  const plugins = (Array.isArray(produced) ? produced : [produced]) as unknown[];
  if (plugins.length === 0 || !plugins.every(isToolPluginShape)) {
    throw new PluginRegistrationError({
      pluginName: specifier,
      message: `"${specifier}" is not a TinyElf plugin: export a ToolPlugin (name, apiVersion, createTools) or a factory returning one, as default, plugins, createPlugin or createPlugins.`,
    });
  }
  for (const plugin of plugins as ToolPlugin[]) {
    if (!isPluginApiCompatible(plugin.apiVersion)) {
      throw new PluginRegistrationError({
        pluginName: plugin.name,
        message: `The plugin "${plugin.name}" from "${specifier}" implements plugin API version ${String(plugin.apiVersion)}, but this @tinyelf/core implements version ${PLUGIN_API_VERSION}; use a version of the plugin built for it.`,
      });
    }
  }
  return plugins as ToolPlugin[];
}

function isToolPluginShape(value: unknown): value is ToolPlugin {
  const plugin = value as Partial<ToolPlugin> | null;
  return (
    typeof plugin === 'object' &&
    plugin !== null &&
    typeof plugin.name === 'string' &&
    typeof plugin.createTools === 'function' &&
    'apiVersion' in plugin
  );
}
