import {
  buildStepName,
  describeThrown,
  type Logger,
  PluginRegistrationError,
  readEligibility,
  type ToolBuildContext,
  type ToolCallHook,
  type ToolPlugin,
  type ToolRegistry,
} from '@tinyelf/core';
import type { PluginDiagnostic, ToolConflict } from '../build-diagnostics';

/** What {@link registerTools} did. */
export interface RegisteredTools {
  /** One entry per plugin, in build order. */
  readonly diagnostics: PluginDiagnostic[];
  /** Tool names offered twice. */
  readonly conflicts: ToolConflict[];
  /** The plugins whose tools were created (they are disposed with the build). */
  readonly used: ToolPlugin[];
}

/**
 * Asks each plugin, in order, whether it is eligible and registers the tools it creates. A
 * plugin's reason for being ineligible and what it warned about (through its context's logger)
 * go into its diagnostic. A failing plugin is reported and the rest builds, unless it is
 * `required`: then what was created is disposed and the build fails. A tool name offered twice
 * keeps the first, or fails with `onConflict: 'error'`. The hooks an eligible plugin creates are
 * added to `hooks`.
 */
export async function registerTools(settings: {
  readonly plugins: readonly ToolPlugin[];
  readonly context: ToolBuildContext;
  readonly registry: ToolRegistry;
  readonly required: ReadonlySet<string>;
  readonly onConflict?: 'keep-first' | 'error';
  /** Where the eligible plugins' hooks (`createHooks`) are added, in build order. */
  readonly hooks?: ToolCallHook[];
}): Promise<RegisteredTools> {
  const { context, registry } = settings;
  const owners = new Map<string, string>();
  const diagnostics: PluginDiagnostic[] = [];
  const conflicts: ToolConflict[] = [];
  const used: ToolPlugin[] = [];
  for (const plugin of settings.plugins) {
    const started = performance.now();
    const warnings: string[] = [];
    const record = (status: PluginDiagnostic['status'], tools: string[], reason?: string) =>
      diagnostics.push({
        plugin: plugin.name,
        step: buildStepName(plugin.step),
        status,
        tools,
        ...(reason !== undefined && { reason }),
        ...(status === 'added' && warnings.length ? { warnings } : {}),
        durationMs: performance.now() - started,
      });
    const pluginContext: ToolBuildContext = {
      ...context,
      logger: collectingWarnings(context.logger, warnings),
    };
    try {
      if (plugin.isEligible) {
        const eligibility = readEligibility(await plugin.isEligible(pluginContext));
        if (!eligibility.eligible) {
          record(
            'skipped',
            [],
            eligibility.reason ??
              eligibility.invalid ??
              'not eligible for this agent or configuration',
          );
          continue;
        }
      }
      used.push(plugin);
      const added: string[] = [];
      const tools = await plugin.createTools(pluginContext);
      // A plugin whose hooks cannot be made adds no tools either: its tools may rely on them.
      const hooks = (await plugin.createHooks?.(pluginContext)) ?? [];
      for (const tool of tools) {
        const owner = owners.get(tool.name);
        if (owner) {
          if (settings.onConflict === 'error')
            throw new Error(`the tool name ${tool.name} is already offered by ${owner}`);
          conflicts.push({ tool: tool.name, kept: owner, dropped: plugin.name });
          continue;
        }
        registry.register(tool);
        owners.set(tool.name, plugin.name);
        added.push(tool.name);
      }
      settings.hooks?.push(...hooks);
      record('added', added);
    } catch (error) {
      const message = describeThrown(error);
      record('failed', [], message);
      context.logger.error(`Plugin ${plugin.name} failed: ${message}`);
      if (settings.required.has(plugin.name)) {
        await Promise.allSettled(used.map((each) => each.dispose?.()));
        throw new PluginRegistrationError({
          pluginName: plugin.name,
          message: `The required plugin "${plugin.name}" failed: ${message}`,
          cause: error,
        });
      }
    }
  }
  return { diagnostics, conflicts, used };
}

/** The build's logger, also keeping the plugin's warnings for its diagnostic. */
function collectingWarnings(logger: Logger, warnings: string[]): Logger {
  return {
    debug: (message, details) => logger.debug(message, details),
    info: (message, details) => logger.info(message, details),
    warn: (message, details) => {
      warnings.push(message);
      logger.warn(message, details);
    },
    error: (message, details) => logger.error(message, details),
  };
}
