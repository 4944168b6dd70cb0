import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  assertToolPlugin,
  findClosestName,
  PluginRegistrationError,
  pluginsOfModule,
  type ToolPlugin,
} from '@tinyelf/core';
import { findPluginPackage, installedPluginPackages } from './find-plugin-package';
import { firstPartyPackages, type PluginFactoryOptions } from './first-party-packages';

/**
 * Loads the plugins of a package or file named in configuration. A package name is looked up
 * where the user installed it: in `node_modules` of each of `folders` in turn (the configuration
 * file's folder, then the workspace root) and of the folders above, then beside the builder (the
 * `tinyelf` command's own installation). A relative path is taken from the first folder. The
 * module must have the `ToolPluginModule` shape of `@tinyelf/core`; the `@tinyelf` tool packages
 * are made through their known factories. Errors say which and why: "not installed" (with a
 * did-you-mean) only when the package is nowhere, otherwise the error the import raised.
 */
export async function loadPluginPackage(
  specifier: string,
  options: PluginFactoryOptions = {},
  folders: string | readonly string[] = process.cwd(),
): Promise<ToolPlugin[]> {
  const searched = typeof folders === 'string' ? [folders] : folders;
  const base = searched[0] ?? process.cwd();
  const isPath = specifier.startsWith('.') || isAbsolute(specifier);
  const firstParty = firstPartyPackages[specifier];
  let module: Record<string, unknown>;
  try {
    if (isPath) {
      const file = resolve(base, specifier);
      if (!existsSync(file))
        throw new PluginRegistrationError({
          pluginName: specifier,
          message: `The plugin file "${specifier}" does not exist (looked for ${file}; a relative path is taken from the configuration file's folder).`,
        });
      module = await import(pathToFileURL(file).href);
    } else {
      const installed = searched
        .map((folder) => findPluginPackage(specifier, folder))
        .find((entry) => entry !== undefined);
      if (installed) module = await import(pathToFileURL(installed).href);
      else if (firstParty) module = await firstParty.importOwn();
      else module = await import(specifier);
    }
  } catch (error) {
    if (PluginRegistrationError.isInstance(error)) throw error;
    if (!isPath && isMissing(error, specifier)) {
      const candidates = [
        ...new Set([...installedPluginPackages(searched), ...Object.keys(firstPartyPackages)]),
      ];
      const closest = findClosestName(specifier, candidates);
      throw new PluginRegistrationError({
        pluginName: specifier,
        message: `The plugin package "${specifier}" is not installed (looked in node_modules of ${searched.join(', ')} and beside the tinyelf command)${closest ? `; did you mean "${closest}"?` : ''}. Install it (npm install ${specifier}) or remove it from the configuration's plugins.`,
        cause: error,
      });
    }
    throw new PluginRegistrationError({
      pluginName: specifier,
      message: `The plugin package "${specifier}" failed to load: ${(error as Error).message ?? String(error)}`,
      cause: error,
    });
  }
  if (firstParty) {
    const plugins = firstParty.plugins(module, options);
    for (const plugin of plugins) assertToolPlugin(plugin, specifier);
    return plugins;
  }
  return pluginsOfModule(module, options, specifier);
}

/** Whether an import failed because the package itself is absent (not one of its own imports). */
export function isMissing(error: unknown, name: string): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    (message.includes(`'${name}'`) || message.includes(`"${name}"`))
  );
}
