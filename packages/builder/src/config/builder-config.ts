import type {
  AuditLogOptions,
  CommandHooksConfig,
  PermissionMode,
  PermissionRulesConfig,
  ToolPolicyConfig,
  ToolRegistryOptions,
} from '@tinyelf/core';

/** A plugin named in configuration: a package name or a path, with options. */
export type PluginReference =
  | string
  | {
      /** A package name (`@tinyelf/tool-fs`, `tinyelf-plugin-git`) or a path (`./plugins/mine.mjs`). */
      readonly package: string;
      /** Passed to the package's plugin factory. */
      readonly options?: Readonly<Record<string, unknown>>;
      /** A failure of this plugin fails the build. @default false */
      readonly required?: boolean;
    };

/** The builder's configuration (code, `tinyelf.config.json` or `tinyelf.config.mjs`). */
export interface BuilderConfig {
  /** The workspace root. @default the current folder */
  readonly workspaceRoot?: string;
  /** The plugins to load. @default every installed `@tinyelf` tool package */
  readonly plugins?: readonly PluginReference[];
  /**
   * The policy: safeTools, editTools, readOnlyTools (each a list that replaces the default, or
   * `{ add, remove }` that changes it), inheritableToolNames, and the permission rules
   * (`permissions: { allow, ask, deny }`).
   */
  readonly policy?: ToolPolicyConfig;
  /** When two plugins offer one tool name: keep the first (and report), or fail. @default 'keep-first' */
  readonly onConflict?: 'keep-first' | 'error';
  /** Registry options (maxChars, spill folder, default timeout). */
  readonly registry?: Omit<ToolRegistryOptions, 'workspaceRoot' | 'hooks' | 'audit'>;
  /**
   * Command hooks run around every call (after the container's and the plugins' hooks): each gets
   * the call as JSON on stdin and answers with a JSON decision on stdout.
   */
  readonly hooks?: CommandHooksConfig;
  /** The audit log: one JSON line per call appended to `file` (relative to the workspace). */
  readonly audit?: AuditLogOptions;
  /** Per-agent settings by agent name. */
  readonly agents?: Readonly<
    Record<
      string,
      {
        /** The tools this agent may use (a trailing `*` matches a prefix). */
        readonly allowedTools?: readonly string[];
        /** The agent's permission mode. */
        readonly permissionMode?: PermissionMode;
        /**
         * This agent's own rules, on top of `policy.permissions`: they can only narrow (deny and
         * ask rules add; allow rules filter the policy's allow rules, never widen them).
         */
        readonly permissions?: PermissionRulesConfig;
      }
    >
  >;
  /** Sections read by plugins (`fileSystem`, `shell`, `webSearch`, `skills`, `mcp`, `sessions`, ...). */
  readonly [section: string]: unknown;
}
