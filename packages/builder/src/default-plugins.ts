import type { ToolPlugin } from '@tinyelf/core';

/** The options a package's plugin factories get (the package's entry in the configuration). */
export type PluginFactoryOptions = Readonly<Record<string, unknown>>;

/**
 * The `@tinyelf` tool packages and how to make their plugins (the options go to every factory of
 * the package). The builder depends on none of them: each is an optional peer, loaded only when
 * the configuration names it or, with no configuration, when it is among the default packages.
 */
export const TINYELF_PACKAGES: Readonly<
  Record<string, (options: PluginFactoryOptions) => Promise<ToolPlugin[]>>
> = {
  '@tinyelf/tool-fs': async (options) => [
    (await import('@tinyelf/tool-fs')).createFileSystemPlugin(options),
  ],
  '@tinyelf/tool-shell': async (options) => [
    (await import('@tinyelf/tool-shell')).createShellPlugin(options),
  ],
  '@tinyelf/tool-web': async (options) => {
    const web = await import('@tinyelf/tool-web');
    return [web.createWebSearchPlugin(options), web.createWebFetchPlugin(options)];
  },
  '@tinyelf/tool-skills': async (options) => {
    const skills = await import('@tinyelf/tool-skills');
    return [
      skills.createSkillsPlugin(options),
      skills.createSkillHubPlugin(options),
      skills.createSlashCommandPlugin(options),
    ];
  },
  '@tinyelf/tool-mcp': async (options) => [
    (await import('@tinyelf/tool-mcp')).createMcpPlugin(options),
  ],
  '@tinyelf/tool-remote': async (options) => [
    (await import('@tinyelf/tool-remote')).createRemoteToolsPlugin(options),
  ],
  '@tinyelf/tool-session': async (options) => {
    const plugins = (await import('@tinyelf/tool-session')).createSessionPlugins(options);
    return [plugins.subAgent, plugins.subAgentQuery, plugins.session, plugins.control];
  },
};

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
 * The plugins of the named `@tinyelf` tool packages that are installed, and the packages missing.
 * A name that is not a `@tinyelf` tool package is refused (name it in `plugins` instead).
 */
export async function loadDefaultPlugins(
  packages: readonly string[] = DEFAULT_PLUGIN_PACKAGES,
): Promise<{
  /** The plugins of the installed packages. */
  plugins: ToolPlugin[];
  /** The packages not installed. */
  missing: string[];
}> {
  const plugins: ToolPlugin[] = [];
  const missing: string[] = [];
  for (const name of packages) {
    const load = TINYELF_PACKAGES[name];
    if (!load)
      throw new TypeError(
        `"${name}" is not a @tinyelf tool package; the defaults can be ${Object.keys(TINYELF_PACKAGES).join(', ')} (name other plugins in the configuration's plugins).`,
      );
    try {
      plugins.push(...(await load({})));
    } catch (error) {
      if (isMissingPackage(error, name)) missing.push(name);
      else throw error;
    }
  }
  return { plugins, missing };
}

/** Whether an import failed because the package itself is not installed (not one of its imports). */
function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === 'ERR_MODULE_NOT_FOUND' && message.includes(`'${name}'`);
}
