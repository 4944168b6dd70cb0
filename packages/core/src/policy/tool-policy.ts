import { Tokens } from '../di/tokens';
import { inject, injectable } from '../di/tsyringe';
import { decidePermission, type PermissionRequest } from '../permissions/decide-permission';
import type { PermissionDecision } from '../permissions/permission-decision';
import { PermissionRuleSet } from '../permissions/permission-rule-set';
import type { PermissionRulesConfig } from '../permissions/permission-rules-config';
import type { ToolRegistry } from '../registry/tool-registry';
import type { ITool, RiskWarning } from '../tool/tool';
import { PERMISSION_MODES, type PermissionMode } from './permission-mode';
import { resolveToolList, type ToolListSetting } from './tool-list-change';

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

/**
 * The configuration of a {@link ToolPolicy}. A tool list given as a plain list replaces its
 * default; `{ add, remove }` changes the default instead.
 */
export interface ToolPolicyConfig {
  /** Tools that never ask (a list, or `{ add, remove }` on the default). @default DEFAULT_SAFE_TOOLS */
  readonly safeTools?: ToolListSetting;
  /** Tools a sub-agent inherits; an entry ending in `*` is a prefix. @default DEFAULT_INHERITABLE_TOOL_NAMES and `mcp__*` */
  readonly inheritableToolNames?: readonly string[];
  /** Tools that need no confirmation in `acceptEdits` (a list, or `{ add, remove }`). @default DEFAULT_EDIT_TOOLS */
  readonly editTools?: ToolListSetting;
  /** Tools offered in `plan` mode besides those marked `readOnly` (a list, or `{ add, remove }`). @default DEFAULT_READ_ONLY_TOOLS */
  readonly readOnlyTools?: ToolListSetting;
  /** Permission rules: allow, ask and deny lists in the `Tool(specifier)` syntax. */
  readonly permissions?: PermissionRulesConfig;
  /**
   * The rules of the agents above this one (a sub-agent's parents): their deny and ask rules
   * apply too, and a call is allowed by rule only when every one of them allows it as well.
   * Set by {@link ToolPolicy.narrowedBy}. @default []
   */
  readonly inheritedPermissions?: readonly PermissionRulesConfig[];
  /** The home folder `~/` in path rules stands for. @default os.homedir() */
  readonly homeDir?: string;
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
  private readonly layers: readonly PermissionRuleSet[];

  /**
   * @param config - the tool lists and permission rules; throws a TypeError naming every
   * malformed rule or list
   */
  constructor(@inject(Tokens.ToolPolicyConfig) readonly config: ToolPolicyConfig = {}) {
    this.safeTools = resolveToolList(config.safeTools, DEFAULT_SAFE_TOOLS, 'safeTools');
    this.editTools = resolveToolList(config.editTools, DEFAULT_EDIT_TOOLS, 'editTools');
    this.readOnlyTools = resolveToolList(
      config.readOnlyTools,
      DEFAULT_READ_ONLY_TOOLS,
      'readOnlyTools',
    );
    this.layers = [...(config.inheritedPermissions ?? []), config.permissions ?? {}].map(
      (rules) => new PermissionRuleSet(rules),
    );
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
   * The mode's answer, without permission rules: whether a call must be confirmed by the user
   * before it runs. A call with risk warnings asks in every mode but `bypassPermissions`;
   * otherwise safe tools never ask, edit tools do not ask in `acceptEdits`, a tool in neither
   * list follows its own `confirmation` class when given the tool, and everything else (MCP tools
   * included) asks. {@link ToolPolicy.decide} adds the rules on top.
   */
  requiresConfirmation(
    tool: string | ITool,
    mode: PermissionMode,
    warnings: readonly RiskWarning[] = [],
  ): boolean {
    assertMode(mode);
    if (mode === 'bypassPermissions') return false;
    if (warnings.length > 0) return true;
    const name = typeof tool === 'string' ? tool : tool.name;
    if (this.safeTools.has(name)) return false;
    if (this.editTools.has(name)) return mode !== 'acceptEdits';
    const confirmation = typeof tool === 'string' ? undefined : tool.confirmation;
    if (confirmation === 'never') return false;
    if (confirmation === 'edits') return mode !== 'acceptEdits';
    return true;
  }

  /**
   * Decides one call: `deny` (never run), `ask` (the host's `confirm` decides) or `allow`, with
   * the rule that decided. Order: a `block` warning or a deny rule denies; `bypassPermissions`
   * allows; an ask rule or a risk warning asks; an allow rule allows; else the mode's default
   * ({@link ToolPolicy.requiresConfirmation}).
   */
  decide(request: PermissionRequest): Promise<PermissionDecision> {
    assertMode(request.mode);
    return decidePermission(
      this.layers,
      request,
      () => this.requiresConfirmation(request.tool, request.mode),
      this.config.homeDir,
    );
  }

  /**
   * The policy of a sub-agent with its own rules: the same tool lists, this policy's rules kept
   * (their deny and ask rules apply), and the child's rules on top, which can only narrow: a call
   * is allowed by rule only when this policy's rules allow it too.
   */
  narrowedBy(childRules: PermissionRulesConfig = {}): ToolPolicy {
    return new ToolPolicy({
      ...this.config,
      inheritedPermissions: [
        ...(this.config.inheritedPermissions ?? []),
        this.config.permissions ?? {},
      ],
      permissions: childRules,
    });
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
