import type { DependencyContainer } from 'tsyringe';
import type { Logger } from '../logger/logger';
import type { PermissionMode } from '../policy/permission-mode';
import type { ITool } from '../tool/tool';
import type { BuildStep } from './build-step';

/** The agent a registry is being built for. */
export interface AgentSettings {
  /** The agent's name (`main` for the top-level agent). */
  readonly name: string;
  /** 0 for the main agent, 1 for its sub-agents, and so on. */
  readonly depth: number;
  /** The permission mode the agent runs in. */
  readonly permissionMode: PermissionMode;
  /** When set, only these tools (names, or prefixes ending in `*`) go into the registry. */
  readonly allowedTools?: readonly string[];
}

/** What a plugin receives when the builder asks it for tools. */
export interface ToolBuildContext {
  /** The workspace root (absolute). */
  readonly workspaceRoot: string;
  /** The build configuration; each plugin reads its own section. */
  readonly config: Readonly<Record<string, unknown>>;
  /** The agent the registry is for. */
  readonly agent: AgentSettings;
  /** The build's DI container (a child container the builder owns). */
  readonly container: DependencyContainer;
  /** Where to report what happened. */
  readonly logger: Logger;
  /** Fires when the build is cancelled. */
  readonly signal: AbortSignal;
}

/**
 * A tool family. Register it in a DI container under `Tokens.ToolPlugin`; the builder resolves
 * every plugin, sorts them by `step`, skips the ineligible ones and registers the tools each
 * creates.
 */
export interface ToolPlugin {
  /** A unique name, such as `@tinyelf/tool-fs`. */
  readonly name: string;
  /** The plugin contract version this plugin implements: `PLUGIN_API_VERSION`. */
  readonly apiVersion: number;
  /** When the plugin's tools are created; without a step, after Control. */
  readonly step?: BuildStep;
  /** Whether the plugin applies to this build (for example not for sub-agents). @default true */
  isEligible?(context: ToolBuildContext): boolean | Promise<boolean>;
  /** Creates the plugin's tools for this build. */
  createTools(context: ToolBuildContext): readonly ITool[] | Promise<readonly ITool[]>;
  /** Releases what the plugin holds (connections, processes). */
  dispose?(): void | Promise<void>;
}
