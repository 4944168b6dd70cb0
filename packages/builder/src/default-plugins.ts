import type { ToolPlugin } from '@tinyelf/core';

/** The options a package's plugin factories get (the package's entry in the configuration). */
export type PluginFactoryOptions = Readonly<Record<string, unknown>>;

/**
 * The `@tinyelf` tool packages and how to make their plugins (the options go to every factory of
 * the package). The builder uses all installed ones when configuration names no plugins, and the
 * named ones when it does.
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
  '@tinyelf/tool-session': async (options) => {
    const plugins = (await import('@tinyelf/tool-session')).createSessionPlugins(options);
    return [plugins.subAgent, plugins.subAgentQuery, plugins.session, plugins.control];
  },
};

/** The default plugins of every installed `@tinyelf` tool package, and the packages missing. */
export async function loadDefaultPlugins(): Promise<{
  /** The plugins of the installed packages. */
  plugins: ToolPlugin[];
  /** The packages not installed. */
  missing: string[];
}> {
  const plugins: ToolPlugin[] = [];
  const missing: string[] = [];
  for (const [name, load] of Object.entries(TINYELF_PACKAGES)) {
    try {
      plugins.push(...(await load({})));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') missing.push(name);
      else throw error;
    }
  }
  return { plugins, missing };
}
