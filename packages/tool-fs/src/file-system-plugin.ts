import {
  BuildStep,
  PLUGIN_API_VERSION,
  Tokens,
  type ToolBuildContext,
  type ToolPlugin,
  type WorkspaceGuard,
} from '@tinyelf/core';
import { createFileSystemTools } from './create-file-system-tools';
import { FILE_SYSTEM_CONFIG_SCHEMA } from './file-system-config-schema';
import type { FileSystemToolsOptions } from './file-system-tools-options';

/** The plugin's name, and the key of its section in the build configuration. */
export const FILE_SYSTEM_PLUGIN_NAME = 'fileSystem';

/**
 * The file-system plugin, at step FileSystem. Its options come from the argument, overridden by
 * the build configuration's `fileSystem` section; the workspace root is the build's.
 */
export function createFileSystemPlugin(options: Partial<FileSystemToolsOptions> = {}): ToolPlugin {
  return {
    name: FILE_SYSTEM_PLUGIN_NAME,
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.FileSystem,
    configKey: FILE_SYSTEM_PLUGIN_NAME,
    configSchema: FILE_SYSTEM_CONFIG_SCHEMA,
    createTools(context: ToolBuildContext) {
      const section = (context.config[FILE_SYSTEM_PLUGIN_NAME] ??
        {}) as Partial<FileSystemToolsOptions>;
      const guard = context.container.isRegistered(Tokens.Workspace, true)
        ? context.container.resolve<WorkspaceGuard>(Tokens.Workspace)
        : undefined;
      return createFileSystemTools({
        ...(guard && { guard }),
        ...options,
        ...section,
        workspaceRoot: section.workspaceRoot ?? options.workspaceRoot ?? context.workspaceRoot,
      });
    },
  };
}
