import { loadBuilderConfig } from '@tinyelf/builder';
import { loginMcpServer, logoutMcpServer, type McpServerConfig } from '@tinyelf/tool-mcp';

/** The folder's `mcp.servers` entry with this id, or a clear error listing the ids there are. */
async function serverEntry(serverId: string, folder: string | undefined): Promise<McpServerConfig> {
  const { config } = await loadBuilderConfig({ folder });
  const servers = ((config.mcp as { servers?: McpServerConfig[] } | undefined)?.servers ??
    []) as McpServerConfig[];
  const entry = servers.find((server) => server.id === serverId);
  if (!entry) {
    const ids = servers.map((server) => server.id);
    throw new Error(
      `No MCP server "${serverId}" in the configuration's mcp.servers${ids.length ? ` (there are: ${ids.join(', ')})` : ' (it lists none)'}.`,
    );
  }
  return entry;
}

/**
 * `tinyelf mcp login SERVER`: authorizes TinyElf with an http or sse server that uses OAuth (the
 * page opens in the browser and its URL is printed) and stores the tokens in the server's token
 * file (`~/.tinyelf/mcp-oauth/<server>.json`, or under TINYELF_MCP_OAUTH_DIR, readable by the
 * user only).
 */
export async function mcpLoginCommand(
  serverId: string,
  options: { readonly folder?: string },
): Promise<number> {
  const entry = await serverEntry(serverId, options.folder);
  const result = await loginMcpServer(entry);
  process.stdout.write(
    result.outcome === 'authorized'
      ? `Authorized with the MCP server "${serverId}"; the tokens are in ${result.file}.\n`
      : `The MCP server "${serverId}" let TinyElf in without authorization; nothing was stored.\n`,
  );
  return 0;
}

/** `tinyelf mcp logout SERVER`: deletes the server's token file. */
export async function mcpLogoutCommand(
  serverId: string,
  options: { readonly folder?: string },
): Promise<number> {
  const entry = await serverEntry(serverId, options.folder);
  const removed = await logoutMcpServer(entry);
  process.stdout.write(
    removed
      ? `Removed the stored tokens of the MCP server "${serverId}".\n`
      : `No tokens were stored for the MCP server "${serverId}".\n`,
  );
  return 0;
}
