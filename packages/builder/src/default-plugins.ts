import type { ToolPlugin } from '@tinyelf/core';

/**
 * The @tinyelf tool packages the builder uses when configuration names no plugins, each with the
 * factories it calls. A package that is not installed is left out.
 */
const defaults: readonly { readonly name: string; readonly load: () => Promise<ToolPlugin[]> }[] = [
  {
    name: '@tinyelf/tool-fs',
    load: async () => [(await import('@tinyelf/tool-fs')).createFileSystemPlugin()],
  },
  {
    name: '@tinyelf/tool-shell',
    load: async () => [(await import('@tinyelf/tool-shell')).createShellPlugin()],
  },
  {
    name: '@tinyelf/tool-web',
    load: async () => {
      const web = await import('@tinyelf/tool-web');
      return [web.createWebSearchPlugin(), web.createWebFetchPlugin()];
    },
  },
  {
    name: '@tinyelf/tool-skills',
    load: async () => {
      const skills = await import('@tinyelf/tool-skills');
      return [
        skills.createSkillsPlugin(),
        skills.createSkillHubPlugin(),
        skills.createSlashCommandPlugin(),
      ];
    },
  },
  {
    name: '@tinyelf/tool-mcp',
    load: async () => [(await import('@tinyelf/tool-mcp')).createMcpPlugin()],
  },
  {
    name: '@tinyelf/tool-session',
    load: async () => {
      const plugins = (await import('@tinyelf/tool-session')).createSessionPlugins();
      return [plugins.subAgent, plugins.subAgentQuery, plugins.session, plugins.control];
    },
  },
];

/** The default plugins of every installed @tinyelf tool package, and the packages missing. */
export async function loadDefaultPlugins(): Promise<{ plugins: ToolPlugin[]; missing: string[] }> {
  const plugins: ToolPlugin[] = [];
  const missing: string[] = [];
  for (const entry of defaults) {
    try {
      plugins.push(...(await entry.load()));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND')
        missing.push(entry.name);
      else throw error;
    }
  }
  return { plugins, missing };
}
