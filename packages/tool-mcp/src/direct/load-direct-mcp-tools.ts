import type { ITool } from '@tinyelf/core';
import type { McpServerConfig } from '../service/mcp-server-config';
import { type McpServerStatus, McpService, type McpServiceOptions } from '../service/mcp-service';

/** An agent's own MCP servers (stdio), declared in its configuration. */
export interface DirectMcpAgentConfig {
  /** The agent's own servers, connected for its registry only. */
  readonly directMcpServers?: readonly McpServerConfig[];
}

/**
 * Loads the stdio servers an agent's configuration declares, for that agent's registry only.
 * Dispose the result with the registry: the servers' processes end.
 */
export async function loadDirectMcpTools(
  agentConfig: DirectMcpAgentConfig,
  options: McpServiceOptions = {},
): Promise<{
  /** The agent's servers' tools. */
  tools: ITool[];
  /** Each server's state. */
  statuses: McpServerStatus[];
  /** What failed (a server, a name collision), in words. */
  problems: readonly string[];
  /** Closes the agent's servers (their processes end). */
  dispose: () => Promise<void>;
}> {
  const servers = (agentConfig.directMcpServers ?? []).filter(
    (server) => server.transport === 'stdio',
  );
  if (servers.length === 0)
    return { tools: [], statuses: [], problems: [], dispose: async () => {} };
  const service = new McpService(servers, options);
  const statuses = await service.start();
  return {
    tools: service.tools(),
    statuses,
    problems: service.problems,
    dispose: () => service.dispose(),
  };
}
