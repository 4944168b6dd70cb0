import { DefaultAgentRunner, OpenAIChatClient } from '@tinyelf/agent';
import {
  type BuiltRegistry,
  buildToolRegistry,
  DEFAULT_PLUGIN_PACKAGES,
  loadBuilderConfig,
} from '@tinyelf/builder';
import { type Logger, PERMISSION_MODES, type PermissionMode } from '@tinyelf/core';

/** Warnings and errors of the build (a failed MCP server, a plugin that failed) go to stderr; the rest is quiet. */
const warningsToStderr: Logger = {
  debug: () => {},
  info: () => {},
  warn: (message) => process.stderr.write(`warning: ${message}\n`),
  error: (message) => process.stderr.write(`error: ${message}\n`),
};

/**
 * The tool packages the command uses when the folder's configuration names no `plugins`: the
 * builder's defaults (files, web, skills, MCP servers the configuration lists, sub-agents and
 * sessions with a model) and the Bash tool, whose commands ask for confirmation under the policy.
 * The `tinyelf` package depends on all of them.
 */
export const CLI_DEFAULT_PLUGINS: readonly string[] = [
  ...DEFAULT_PLUGIN_PACKAGES,
  '@tinyelf/tool-shell',
];

/** Options every command shares. */
export interface ComposeOptions {
  readonly folder?: string;
  readonly agent?: string;
  readonly mode?: string;
  readonly logger?: Logger;
}

/** The permission mode named on the command line, or a clear error. */
export function parseMode(mode: string | undefined): PermissionMode | undefined {
  if (mode === undefined) return undefined;
  if (!(PERMISSION_MODES as readonly string[]).includes(mode))
    throw new Error(`--mode must be one of ${PERMISSION_MODES.join(', ')}, not "${mode}".`);
  return mode as PermissionMode;
}

/**
 * The registry of the current folder: its tinyelf.config.json/.mjs (or the defaults), built for
 * the named agent and mode. A model from the environment (OPENAI_BASE_URL, TINYELF_MODEL) also
 * becomes the agent runner, so the sub-agent and session tools are offered.
 */
export async function composeRegistry(options: ComposeOptions = {}): Promise<BuiltRegistry> {
  const { config } = await loadBuilderConfig({ folder: options.folder });
  const servers = ((config.mcp as { servers?: unknown[] } | undefined)?.servers ?? []).length;
  if (servers > 0)
    process.stderr.write(`Connecting ${servers} MCP server${servers === 1 ? '' : 's'}...\n`);
  const runner = process.env.TINYELF_MODEL
    ? new DefaultAgentRunner({ model: new OpenAIChatClient() })
    : undefined;
  return buildToolRegistry({
    config,
    agent: { name: options.agent ?? 'main', permissionMode: parseMode(options.mode) },
    logger: options.logger ?? warningsToStderr,
    defaultPlugins: CLI_DEFAULT_PLUGINS,
    services: { agentRunner: runner },
  });
}
