import {
  BuildStep,
  PLUGIN_API_VERSION,
  type ToolBuildContext,
  type ToolPlugin,
} from '@tinyelf/core';
import { resolveSandbox } from './sandbox/resolve-sandbox';
import { SHELL_CONFIG_SCHEMA } from './shell-config-schema';
import type { ShellToolOptions } from './shell-tool-options';
import { createShellTool } from './tools/bash';

/** The plugin's name, and the key of its section in the build configuration. */
export const SHELL_PLUGIN_NAME = 'shell';

/**
 * The shell plugin, at step Shell: the Bash tool for the build's workspace. Options from the
 * argument are overridden by the build configuration's `shell` section, which the builder checks
 * against the plugin's `configSchema` before anything starts (an unknown `sandbox` value given in
 * code still fails the plugin, `INVALID_CONFIG`); where the sandbox cannot start, the plugin warns
 * through the build's logger, which the builder keeps in the plugin's diagnostic (`tinyelf
 * tools` shows it).
 */
export function createShellPlugin(options: Partial<ShellToolOptions> = {}): ToolPlugin {
  return {
    name: SHELL_PLUGIN_NAME,
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.Shell,
    configKey: SHELL_PLUGIN_NAME,
    configSchema: SHELL_CONFIG_SCHEMA,
    createTools(context: ToolBuildContext) {
      const section = (context.config[SHELL_PLUGIN_NAME] ?? {}) as Partial<ShellToolOptions>;
      const merged = {
        ...options,
        ...section,
        workspaceRoot: section.workspaceRoot ?? options.workspaceRoot ?? context.workspaceRoot,
      };
      const sandbox = resolveSandbox(merged);
      if (sandbox.unavailableReason) {
        context.logger.warn(
          sandbox.mode === 'auto'
            ? `Bash runs commands without a sandbox: ${sandbox.unavailableReason}.`
            : `Bash refuses every command: sandbox "bubblewrap" is required and ${sandbox.unavailableReason}.`,
        );
      }
      return [createShellTool(merged)];
    },
  };
}
