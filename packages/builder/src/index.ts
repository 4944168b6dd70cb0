export type { BuildServices } from './build/register-services';
export type { BuildDiagnostics, PluginDiagnostic, ToolConflict } from './build-diagnostics';
export type { BuilderConfig, PluginReference } from './config/builder-config';
export { builderConfigSchema } from './config/builder-config-schema';
export { loadBuilderConfig, validateBuilderConfig } from './config/load-builder-config';
export {
  type LoadedWorkspaceSettings,
  loadWorkspaceSettings,
  mergePermissionRules,
  saveWorkspaceRule,
  WORKSPACE_SETTINGS_FILE,
  type WorkspaceSettings,
  workspaceSettingsFile,
} from './config/workspace-settings';
export { DEFAULT_PLUGIN_PACKAGES, loadDefaultPlugins } from './plugins/default-plugins';
export type { PluginFactoryOptions } from './plugins/first-party-packages';
export { loadPluginPackage } from './plugins/load-plugin-package';
export {
  type BuildToolRegistryOptions,
  type BuiltRegistry,
  buildToolRegistry,
  ToolRegistryBuilder,
} from './tool-registry-builder';
