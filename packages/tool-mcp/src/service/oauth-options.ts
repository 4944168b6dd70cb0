/** How a service authorizes HTTP and SSE servers that use OAuth (the MCP authorization spec). */
export interface McpOAuthOptions {
  /**
   * The folder of the token files, one `<server>.json` per server, readable by the user only.
   * @default the TINYELF_MCP_OAUTH_DIR environment variable, else ~/.tinyelf/mcp-oauth
   */
  readonly directory?: string;
  /**
   * Shows the authorization page to the user (opens a browser). Given, a server that needs
   * authorization is authorized then and there; without it, the server fails with
   * `MCP_AUTH_REQUIRED` naming `tinyelf mcp login <server>`.
   */
  readonly openUrl?: (url: URL) => void | Promise<void>;
  /** How long the user has to finish authorizing in the browser. @default 300_000 */
  readonly timeoutMs?: number;
}

/** A server entry's OAuth settings (`oauth` of an http or sse entry; `false` turns OAuth off). */
export interface McpServerOAuthConfig {
  /** A client id registered with the authorization server in advance (else dynamic registration). */
  readonly clientId?: string;
  /** Its secret, for a confidential client. */
  readonly clientSecret?: string;
  /**
   * An https URL where this client's metadata document is published (a URL-based client id, used
   * when the authorization server supports client id metadata documents instead of registration).
   */
  readonly clientMetadataUrl?: string;
  /** The scopes to ask for (else what the server advertises). */
  readonly scope?: string;
  /** The loopback port of the redirect (for a client id registered with a fixed redirect URI). */
  readonly redirectPort?: number;
}
