import { Tokens } from '../di/tokens';
import { inject, injectable } from '../di/tsyringe';
import type { PermissionRulesConfig } from '../permissions/permission-rules-config';
import type { ToolRegistry } from '../registry/tool-registry';
import type { ITool, RiskWarning } from '../tool/tool';
import { PERMISSION_MODES, type PermissionMode } from './permission-mode';

/** Tools that never ask for confirmation. */
export const DEFAULT_SAFE_TOOLS: readonly string[] = [
  'Read',
  'ListDir',
  'Glob',
  'Grep',
  'WebSearch',
  'WebFetch',
  'list_skills',
  'read_skill',
  'Notify',
  'SessionsYield',
  'SessionsHistory',
];

/** Tools a sub-agent inherits from its parent by name. */
export const DEFAULT_INHERITABLE_TOOL_NAMES: readonly string[] = [
  'list_skills',
  'read_skill',
  'slash_command',
];

/** Tools a sub-agent inherits by name prefix (every MCP tool). */
export const DEFAULT_INHERITABLE_TOOL_PREFIXES: readonly string[] = ['mcp__'];

/** Tools that need no confirmation in `acceptEdits` mode. */
export const DEFAULT_EDIT_TOOLS: readonly string[] = ['Write', 'Edit'];

/** Tools that change nothing, offered in `plan` mode (besides tools marked `readOnly`). */
export const DEFAULT_READ_ONLY_TOOLS: readonly string[] = [
  'Read',
  'ListDir',
  'Glob',
  'Grep',
  'WebSearch',
  'WebFetch',
  'list_skills',
  'read_skill',
  'skillhub_search',
  'subagent_list',
  'subagent_status',
  'SessionsList',
  'SessionsHistory',
];

/** The configuration of a {@link ToolPolicy}; every field replaces its default. */
export interface ToolPolicyConfig {
  /** Tools that never ask. @default DEFAULT_SAFE_TOOLS */
  readonly safeTools?: readonly string[];
  /** Tools a sub-agent inherits; an entry ending in `*` is a prefix. @default DEFAULT_INHERITABLE_TOOL_NAMES and `mcp__*` */
  readonly inheritableToolNames?: readonly string[];
  /** Tools that need no confirmation in `acceptEdits`. @default DEFAULT_EDIT_TOOLS */
  readonly editTools?: readonly string[];
  /** Tools offered in `plan` mode besides those marked `readOnly`. @default DEFAULT_READ_ONLY_TOOLS */
  readonly readOnlyTools?: readonly string[];
  /** Permission rules: allow, ask and deny lists in the `Tool(specifier)` syntax. */
  readonly permissions?: PermissionRulesConfig;
}

/**
 * Decides which calls need the user's confirmation, which tools `plan` mode offers, and which
 * tools a sub-agent inherits.
 */
@injectable()
export class ToolPolicy {
  private readonly safeTools: ReadonlySet<string>;
  private readonly editTools: ReadonlySet<string>;
  private readonly readOnlyTools: ReadonlySet<string>;
  private readonly inheritableNames: ReadonlySet<string>;
  private readonly inheritablePrefixes: readonly string[];

  constructor(@inject(Tokens.ToolPolicyConfig) config: ToolPolicyConfig = {}) {
    this.safeTools = new Set(config.safeTools ?? DEFAULT_SAFE_TOOLS);
    this.editTools = new Set(config.editTools ?? DEFAULT_EDIT_TOOLS);
    this.readOnlyTools = new Set(config.readOnlyTools ?? DEFAULT_READ_ONLY_TOOLS);
    const inheritable = config.inheritableToolNames ?? [
      ...DEFAULT_INHERITABLE_TOOL_NAMES,
      ...DEFAULT_INHERITABLE_TOOL_PREFIXES.map((prefix) => `${prefix}*`),
    ];
    this.inheritableNames = new Set(inheritable.filter((name) => !name.endsWith('*')));
    this.inheritablePrefixes = inheritable
      .filter((name) => name.endsWith('*'))
      .map((name) => name.slice(0, -1));
  }

  /**
   * Whether a call must be confirmed by the user before it runs. A call with risk warnings asks
   * in every mode but `bypassPermissions`; otherwise safe tools never ask, edit tools do not ask
   * in `acceptEdits`, and everything else (MCP tools included) asks.
   */
  requiresConfirmation(
    toolName: string,
    mode: PermissionMode,
    warnings: readonly RiskWarning[] = [],
  ): boolean {
    assertMode(mode);
    if (mode === 'bypassPermissions') return false;
    if (warnings.length > 0) return true;
    if (this.safeTools.has(toolName)) return false;
    if (mode === 'acceptEdits' && this.editTools.has(toolName)) return false;
    return true;
  }

  /** Whether a tool never asks (absent warnings). */
  isSafe(toolName: string): boolean {
    return this.safeTools.has(toolName);
  }

  /** Whether a tool changes nothing: marked `readOnly`, or listed in `readOnlyTools`. */
  isReadOnly(tool: ITool | string): boolean {
    if (typeof tool === 'string') return this.readOnlyTools.has(tool);
    return tool.readOnly === true || this.readOnlyTools.has(tool.name);
  }

  /** Whether a tool is offered in a mode (`plan` offers read-only tools only). */
  isOffered(tool: ITool | string, mode: PermissionMode): boolean {
    assertMode(mode);
    return mode !== 'plan' || this.isReadOnly(tool);
  }

  /** The registry an agent in `mode` sees: the read-only part in `plan`, all of it otherwise. */
  registryForMode(registry: ToolRegistry, mode: PermissionMode): ToolRegistry {
    assertMode(mode);
    if (mode !== 'plan') return registry;
    return registry.createFiltered(
      registry
        .getAll()
        .filter((tool) => this.isReadOnly(tool))
        .map((tool) => tool.name),
    );
  }

  /** Whether a sub-agent inherits this tool from its parent. */
  isInheritable(toolName: string): boolean {
    return (
      this.inheritableNames.has(toolName) ||
      this.inheritablePrefixes.some((prefix) => toolName.startsWith(prefix))
    );
  }
}

function assertMode(mode: PermissionMode): void {
  if (!PERMISSION_MODES.includes(mode)) {
    throw new TypeError(
      `Unknown permission mode ${JSON.stringify(mode)}; use one of ${PERMISSION_MODES.join(', ')}.`,
    );
  }
}
