export type { BuildDiagnostics, PluginDiagnostic, ToolConflict } from './build-diagnostics';
export type { BuilderConfig, PluginReference } from './builder-config';
export { builderConfigSchema } from './builder-config-schema';
export {
  DEFAULT_PLUGIN_PACKAGES,
  loadDefaultPlugins,
  type PluginFactoryOptions,
  TINYELF_PACKAGES,
} from './default-plugins';
export { loadBuilderConfig, validateBuilderConfig } from './load-builder-config';
export { loadPluginPackage } from './load-plugin-package';
export {
  type BuildToolRegistryOptions,
  type BuiltRegistry,
  buildToolRegistry,
  ToolRegistryBuilder,
} from './tool-registry-builder';
