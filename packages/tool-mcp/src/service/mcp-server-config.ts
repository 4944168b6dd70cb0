/** One MCP server of the user's configuration. */
export type McpServerConfig = McpServerCommon &
  (
    | {
        readonly transport: 'stdio';
        readonly command: string;
        readonly args?: readonly string[];
        readonly env?: Readonly<Record<string, string>>;
        readonly cwd?: string;
      }
    | {
        readonly transport: 'http' | 'sse';
        readonly url: string;
        readonly headers?: Readonly<Record<string, string>>;
      }
    | { readonly transport: string; readonly [option: string]: unknown }
  );

/** What every server entry has. */
export interface McpServerCommon {
  /** The server id: the `<server>` of `mcp__<server>__<tool>`. */
  readonly id: string;
  /** @default true */
  readonly enabled?: boolean;
  /** Only these tools (raw names). */
  readonly includeTools?: readonly string[];
  /** Not these tools (raw names). */
  readonly excludeTools?: readonly string[];
  /** Per call, in milliseconds. @default 60_000 */
  readonly timeout?: number;
  /**
   * Where the entry comes from: `user` configuration, or a `project` file (such as a workspace
   * `.mcp.json`), whose stdio commands run only after the user consents. @default 'user'
   */
  readonly source?: 'user' | 'project';
}
