import type { ToolPlugin } from '@tinyelf/core';
import { firstPartyPackages } from './first-party-packages';
import { isMissing, loadPluginPackage } from './load-plugin-package';

/**
 * The packages the builder uses when neither the configuration (`plugins`) nor the caller names
 * any: the file tools (writes and edits ask under the policy), WebSearch and WebFetch, skills, the
 * MCP servers the configuration lists, and sub-agents and sessions when the caller gives an agent
 * runner; each only if installed. Never the shell: nothing runs commands because a library was
 * installed. The `tinyelf` command adds `@tinyelf/tool-shell` to these (its documented defaults).
 */
export const DEFAULT_PLUGIN_PACKAGES: readonly string[] = [
  '@tinyelf/tool-fs',
  '@tinyelf/tool-web',
  '@tinyelf/tool-skills',
  '@tinyelf/tool-mcp',
  '@tinyelf/tool-session',
];

/**
 * The plugins of the named `@tinyelf` tool packages that are installed (looked up like the
 * configuration's plugins, from `folders` then beside the builder), and the packages missing. A
 * name that is not a `@tinyelf` tool package is refused (name it in `plugins` instead).
 */
export async function loadDefaultPlugins(
  packages: readonly string[] = DEFAULT_PLUGIN_PACKAGES,
  folders: readonly string[] = [process.cwd()],
): Promise<{
  /** The plugins of the installed packages. */
  plugins: ToolPlugin[];
  /** The packages not installed. */
  missing: string[];
}> {
  const plugins: ToolPlugin[] = [];
  const missing: string[] = [];
  for (const name of packages) {
    if (!firstPartyPackages[name])
      throw new TypeError(
        `"${name}" is not a @tinyelf tool package; the defaults can be ${Object.keys(firstPartyPackages).join(', ')} (name other plugins in the configuration's plugins).`,
      );
    try {
      plugins.push(...(await loadPluginPackage(name, {}, folders)));
    } catch (error) {
      if (isMissing((error as Error).cause, name)) missing.push(name);
      else throw error;
    }
  }
  return { plugins, missing };
}
