/** The three lists of permission rules: deny wins over ask, ask over allow. */
export type PermissionRuleKind = 'allow' | 'ask' | 'deny';

/** Where a call's specifiers are resolved: relative paths against the workspace, `~/` the home folder. */
export interface SpecifierContext {
  /** The workspace root (its real location); `./x` and `/x` rules resolve against it. */
  readonly workspaceRoot: string;
  /** The home folder `~/` stands for. */
  readonly homeDir: string;
}

/**
 * How a tool reads the specifier of a rule written `ToolName(specifier)`: the syntax it accepts
 * and which of a list of specifiers a call matches. A plugin's tool sets this (as
 * `ITool.permissionSpecifiers`) to define what `MyTool(x)` means; a rule with a specifier for a
 * tool that has none (and is not one of core's file tools or WebFetch) is a configuration error.
 */
export interface ToolPermissionSpecifiers {
  /** The accepted syntax in a phrase for error messages, such as "a command prefix like `npm run test:*`". */
  readonly syntax: string;
  /** What is wrong with a specifier, in a sentence, or undefined when it is valid. */
  problem(specifier: string): string | undefined;
  /**
   * The specifiers among `specifiers` (all of one rule kind) that decide this call; empty when
   * none does. A tool may treat the kinds differently: Bash matches an allow list only when every
   * command of the line matches one of them, and a deny or ask list when any command does.
   */
  match(
    params: Readonly<Record<string, unknown>>,
    specifiers: readonly string[],
    kind: PermissionRuleKind,
    context: SpecifierContext,
  ): readonly string[] | Promise<readonly string[]>;
  /**
   * The narrowest specifiers whose allow rules would let this call run without asking ("always
   * allow"): Bash gives the command's prefix words. Without it a suggestion is the bare tool name.
   */
  suggest?(
    params: Readonly<Record<string, unknown>>,
    context: SpecifierContext,
  ): readonly string[] | Promise<readonly string[]>;
}
