import type { McpServerOAuthConfig } from './oauth-options';

/** One MCP server of the user's configuration. */
export type McpServerConfig = McpServerCommon &
  (
    | {
        /** A local process speaking MCP on its standard input and output. */
        readonly transport: 'stdio';
        /** The program to start. */
        readonly command: string;
        /** Its arguments. */
        readonly args?: readonly string[];
        /** Environment variables added to the process's. */
        readonly env?: Readonly<Record<string, string>>;
        /** Its working folder. */
        readonly cwd?: string;
      }
    | {
        /** A remote server: Streamable HTTP, or the older HTTP+SSE. */
        readonly transport: 'http' | 'sse';
        /** Its endpoint. */
        readonly url: string;
        /** Headers sent with every request (an `authorization` header turns OAuth off). */
        readonly headers?: Readonly<Record<string, string>>;
        /**
         * OAuth per the MCP authorization spec, on by default (used when the server answers 401):
         * a pre-registered client id, scopes, a fixed redirect port; `false` turns it off.
         */
        readonly oauth?: false | McpServerOAuthConfig;
      }
    | {
        /** A kind registered with `registerMcpTransport`; the rest is its options. */
        readonly transport: string;
        readonly [option: string]: unknown;
      }
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
