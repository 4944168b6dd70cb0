import { DefaultAgentRunner, OpenAIChatClient } from '@tinyelf/agent';
import {
  type BuiltRegistry,
  buildToolRegistry,
  DEFAULT_PLUGIN_PACKAGES,
  loadBuilderConfig,
} from '@tinyelf/builder';
import { PERMISSION_MODES, type PermissionMode } from '@tinyelf/core';

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
  /** Report every plugin skipped or failed and what each warned about, on stderr. */
  readonly verbose?: boolean;
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
  const { config, file } = await loadBuilderConfig({ folder: options.folder });
  const servers = ((config.mcp as { servers?: unknown[] } | undefined)?.servers ?? []).length;
  if (servers > 0)
    process.stderr.write(`Connecting ${servers} MCP server${servers === 1 ? '' : 's'}...\n`);
  const runner = process.env.TINYELF_MODEL
    ? new DefaultAgentRunner({ model: new OpenAIChatClient() })
    : undefined;
  const built = await buildToolRegistry({
    config,
    configFile: file,
    agent: { name: options.agent ?? 'main', permissionMode: parseMode(options.mode) },
    defaultPlugins: CLI_DEFAULT_PLUGINS,
    services: { agentRunner: runner },
  });
  if (options.verbose) for (const line of diagnosticLines(built)) process.stderr.write(`${line}\n`);
  return built;
}

/**
 * The build's diagnostics a person reads: each plugin skipped or failed and why, what a plugin
 * warned about, and tool names two plugins offered. `tinyelf tools` prints them; other commands
 * only with `--verbose`.
 */
export function diagnosticLines(built: BuiltRegistry): string[] {
  const plugins = built.diagnostics.plugins.flatMap((entry) => [
    ...(entry.status !== 'added'
      ? [`${entry.status}: ${entry.plugin} (${entry.step}): ${entry.reason}`]
      : []),
    ...(entry.warnings ?? []).map(
      (warning) => `warning: ${entry.plugin} (${entry.step}): ${warning}`,
    ),
  ]);
  const conflicts = built.diagnostics.conflicts.map(
    (conflict) =>
      `conflict: ${conflict.tool} kept from ${conflict.kept}, dropped from ${conflict.dropped}`,
  );
  return [...plugins, ...conflicts];
}
