import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ITool, ToolBuildContext } from '@tinyelf/core';
import { McpToolAdapter } from '../adapter/mcp-tool-adapter';
import { checkServerId } from '../adapter/mcp-tool-name';
import { loadSdk } from '../service/load-sdk';
import { McpServerConnection } from '../service/server-connection';

/** A builtin MCP server: runs in the process, for the agents it is eligible for. */
export interface McpProvider {
  /** The `<server>` of `mcp__<server>__<tool>`. */
  readonly id: string;
  /** Whether this agent gets the server's tools (asked at every build). */
  isEligible(context: ToolBuildContext): boolean | Promise<boolean>;
  /** A new SDK `McpServer` with its tools registered (called per connection). */
  createServer(context: ToolBuildContext): McpServer | Promise<McpServer>;
}

/**
 * The builtin MCP providers. `load(context)` starts every eligible provider in the process,
 * linked to a client with the SDK's in-memory transport, and returns their tools.
 */
export class McpProviderRegistry {
  private readonly providers: McpProvider[] = [];

  /** Adds a provider (its id must be usable in tool names). */
  add(provider: McpProvider): this {
    checkServerId(provider.id);
    if (this.providers.some((existing) => existing.id === provider.id))
      throw new Error(`An MCP provider with id "${provider.id}" is already registered.`);
    this.providers.push(provider);
    return this;
  }

  /** Every provider, eligible or not. */
  list(): readonly McpProvider[] {
    return this.providers;
  }

  /** The providers eligible for this context. */
  async eligible(context: ToolBuildContext): Promise<McpProvider[]> {
    const results = await Promise.all(
      this.providers.map(async (provider) =>
        (await provider.isEligible(context)) ? provider : undefined,
      ),
    );
    return results.filter((provider): provider is McpProvider => provider !== undefined);
  }

  /** Starts the eligible providers in-process and returns their tools and a function that stops them. */
  async load(context: ToolBuildContext): Promise<{
    /** The providers' tools, adapted. */
    tools: ITool[];
    /** Closes the in-process connections. */
    dispose: () => Promise<void>;
  }> {
    const connections: McpServerConnection[] = [];
    const tools: ITool[] = [];
    for (const provider of await this.eligible(context)) {
      const connection = new McpServerConnection(provider.id, async () => {
        const sdk = await loadSdk();
        const [clientTransport, serverTransport] = sdk.InMemoryTransport.createLinkedPair();
        await (await provider.createServer(context)).connect(serverTransport);
        return clientTransport;
      });
      await connection.connect(10_000);
      connections.push(connection);
      for (const tool of connection.tools) tools.push(new McpToolAdapter(connection, tool));
    }
    return {
      tools,
      dispose: async () =>
        void (await Promise.all(connections.map((connection) => connection.close()))),
    };
  }
}
