import {
  BuildStep,
  type JsonSchema,
  PLUGIN_API_VERSION,
  type ToolBuildContext,
  type ToolPlugin,
} from '@tinyelf/core';
import { RemoteToolServer } from './connection/remote-tool-server';
import { createRemoteTool } from './remote-tool';
import {
  checkRemoteSettings,
  REMOTE_CONFIG_SCHEMA,
  type RemoteServerSettings,
  type RemoteToolsOptions,
} from './remote-tools-options';

/** The plugin's name. */
export const REMOTE_TOOLS_PLUGIN_NAME = '@tinyelf/tool-remote';

/** The key of the plugin's section in the build configuration. */
export const REMOTE_CONFIG_KEY = 'remote';

/** The plugin, with the configuration section it reads. */
export interface RemoteToolsPlugin extends ToolPlugin {
  /** `remote`: the section of the build configuration the plugin reads. */
  readonly configKey: string;
  /** The JSON Schema of that section. */
  readonly configSchema: JsonSchema;
}

/**
 * The remote-tools plugin, at step FileSystem: it connects to a remote TinyElf tool server
 * (`tinyelf mcp serve --http`, or a load balancer in front of several), checks its versions, and
 * mirrors its tools under their own names (`Read`, `Bash`...) with their policy facts. The server
 * comes from the configuration's `remote` section, or else from `options.remote`; without either,
 * the plugin is ineligible. Use it instead of the local file and shell plugins.
 */
export function createRemoteToolsPlugin(options: RemoteToolsOptions = {}): RemoteToolsPlugin {
  const settingsOf = (context: ToolBuildContext): RemoteServerSettings | undefined => {
    const section = context.config[REMOTE_CONFIG_KEY] ?? options.remote;
    return section === undefined ? undefined : checkRemoteSettings(section);
  };
  return {
    name: REMOTE_TOOLS_PLUGIN_NAME,
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.FileSystem,
    configKey: REMOTE_CONFIG_KEY,
    configSchema: REMOTE_CONFIG_SCHEMA,
    isEligible(context) {
      if (settingsOf(context)) return true;
      context.logger.info('No remote tool server is configured (remote: { url, token }).');
      return false;
    },
    async createTools(context) {
      const settings = settingsOf(context);
      if (!settings) return [];
      const server = new RemoteToolServer(settings);
      const definitions = await server.listTools(context.signal);
      return definitions.map((definition) => createRemoteTool(definition, server));
    },
  };
}
