import type { ToolPlugin } from '@tinyelf/core';

/** The options a package's plugin factories get (the package's entry in the configuration). */
export type PluginFactoryOptions = Readonly<Record<string, unknown>>;

// biome-ignore lint/suspicious/noExplicitAny: each package's module has its own factories.
type PackageModule = any;

/** How the builder imports a `@tinyelf` tool package itself, and makes its plugins from the module. */
interface FirstPartyPackage {
  /** Imports the package from the builder's own installation (the `tinyelf` command's). */
  readonly importOwn: () => Promise<PackageModule>;
  /** The package's plugins, made from its module with the entry's options. */
  readonly plugins: (module: PackageModule, options: PluginFactoryOptions) => ToolPlugin[];
}

/**
 * The `@tinyelf` tool packages. The builder depends on none of them: each is an optional peer,
 * loaded only when the configuration names it or, with no configuration, when it is among the
 * default packages.
 */
export const firstPartyPackages: Readonly<Record<string, FirstPartyPackage>> = {
  '@tinyelf/tool-fs': {
    importOwn: () => import('@tinyelf/tool-fs'),
    plugins: (module, options) => [module.createFileSystemPlugin(options)],
  },
  '@tinyelf/tool-shell': {
    importOwn: () => import('@tinyelf/tool-shell'),
    plugins: (module, options) => [module.createShellPlugin(options)],
  },
  '@tinyelf/tool-web': {
    importOwn: () => import('@tinyelf/tool-web'),
    plugins: (module, options) => [
      module.createWebSearchPlugin(options),
      module.createWebFetchPlugin(options),
    ],
  },
  '@tinyelf/tool-skills': {
    importOwn: () => import('@tinyelf/tool-skills'),
    plugins: (module, options) => [
      module.createSkillsPlugin(options),
      module.createSkillHubPlugin(options),
      module.createSlashCommandPlugin(options),
    ],
  },
  '@tinyelf/tool-mcp': {
    importOwn: () => import('@tinyelf/tool-mcp'),
    plugins: (module, options) => [module.createMcpPlugin(options)],
  },
  '@tinyelf/tool-remote': {
    importOwn: () => import('@tinyelf/tool-remote'),
    plugins: (module, options) => [module.createRemoteToolsPlugin(options)],
  },
  '@tinyelf/tool-session': {
    importOwn: () => import('@tinyelf/tool-session'),
    plugins: (module, options) => {
      const plugins = module.createSessionPlugins(options);
      return [plugins.subAgent, plugins.subAgentQuery, plugins.session, plugins.control];
    },
  },
};

/**
 * The configuration sections of the `@tinyelf` tool packages: known keys even when the package
 * is not installed or not used (then not checked), so its section is not called unknown.
 */
export const FIRST_PARTY_SECTIONS: readonly string[] = [
  'fileSystem',
  'shell',
  'webSearch',
  'webFetch',
  'skills',
  'mcp',
  'sessions',
  'remote',
];
