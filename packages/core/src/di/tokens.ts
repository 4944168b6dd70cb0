/**
 * The DI tokens of the framework. They are strings, so they match across copies of this
 * package. Every constructor parameter of an injectable class names one with `@inject(...)`
 * (`emitDecoratorMetadata` is off: bundlers do not emit it).
 */
export const Tokens = {
  /** Every {@link ToolPlugin}; resolved with `resolveAll`. */
  ToolPlugin: 'tinyelf:ToolPlugin',
  /**
   * Every {@link ToolCallHook} the builder puts on the registries it builds (before the plugins'
   * and the configuration's hooks); resolved with `resolveAll`.
   */
  ToolCallHook: 'tinyelf:ToolCallHook',
  /** The build configuration (a plain object, per-plugin sections by plugin name). */
  BuildConfig: 'tinyelf:BuildConfig',
  /** The workspace root, a string. */
  WorkspaceRoot: 'tinyelf:WorkspaceRoot',
  /** The workspace path guard. */
  Workspace: 'tinyelf:Workspace',
  /** The {@link Logger}. */
  Logger: 'tinyelf:Logger',
  /** The {@link ToolPolicyConfig}. */
  ToolPolicyConfig: 'tinyelf:ToolPolicyConfig',
  /** The {@link ToolPolicy}. */
  ToolPolicy: 'tinyelf:ToolPolicy',
  /** A {@link BackgroundModel}, for tools that summarise. */
  BackgroundModel: 'tinyelf:BackgroundModel',
  /** The agent runner that runs sub-agents and sessions. */
  AgentRunner: 'tinyelf:AgentRunner',
  /** Where sessions are kept. */
  SessionStore: 'tinyelf:SessionStore',
  /** The MCP service that connects the user's MCP servers. */
  McpService: 'tinyelf:McpService',
  /**
   * The web search services WebSearch falls back to (a list of `@tinyelf/tool-web`'s
   * `SearchServiceConfig`, such as `{ kind: 'tavily', apiKey }`), when the configuration names none.
   */
  WebSearchServices: 'tinyelf:WebSearchServices',
} as const;

/** One of the {@link Tokens}. */
export type Token = (typeof Tokens)[keyof typeof Tokens];
