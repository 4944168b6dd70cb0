export type { BuildDiagnostics, PluginDiagnostic, ToolConflict } from './build-diagnostics';
export type { BuilderConfig, PluginReference } from './builder-config';
export { loadDefaultPlugins } from './default-plugins';
export { loadPluginPackage } from './load-plugin-package';
export {
  type BuildToolRegistryOptions,
  type BuiltRegistry,
  buildToolRegistry,
  ToolRegistryBuilder,
} from './tool-registry-builder';
