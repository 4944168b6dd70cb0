import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { BuiltRegistry } from '@tinyelf/builder';
import { startStatelessMcpHttpServer } from '@tinyelf/tool-mcp';
import { type ComposeOptions, composeRegistry } from '../compose-registry';
import { installRemoteToolExtensions } from '../mcp/remote-tool-extensions';

/** An MCP server over a composed registry: its tools, annotated from the policy, and their calls. */
function mcpServerFor(built: BuiltRegistry): Server {
  const server = new Server({ name: 'tinyelf', version: '0.1.0' }, { capabilities: { tools: {} } });
  installRemoteToolExtensions(server, built);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: built.registry.getDefinitions().map(({ function: definition }) => {
      const readOnly = built.policy.isReadOnly(
        built.registry.get(definition.name) ?? definition.name,
      );
      return {
        name: definition.name,
        description: definition.description,
        inputSchema: definition.parameters as { type: 'object' },
        annotations: {
          readOnlyHint: readOnly,
          destructiveHint: !readOnly && !built.policy.isSafe(definition.name),
        },
      };
    }),
  }));
  let calls = 0;
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const result = await built.registry.execute(
      `mcp-${++calls}`,
      request.params.name,
      request.params.arguments ?? {},
      { signal: extra.signal },
    );
    return { content: [{ type: 'text', text: result.content }], isError: result.isError };
  });
  return server;
}

/**
 * `tinyelf mcp serve [--http [--port N]]`: serves the composed registry as an MCP server over
 * stdio, or over Streamable HTTP on 127.0.0.1 with a bearer token (printed, or TINYELF_MCP_TOKEN).
 * Stops cleanly on SIGINT/SIGTERM (and, over stdio, when the client goes away), releasing the
 * plugins.
 */
export async function mcpServeCommand(
  options: ComposeOptions & { http?: boolean; port?: number },
): Promise<number> {
  const built = await composeRegistry(options);
  let stop: () => Promise<void>;
  if (!options.http) {
    const server = mcpServerFor(built);
    const transport = new StdioServerTransport();
    await server.connect(transport);
    stop = async () => {
      await server.close();
    };
    await new Promise<void>((resolve) => {
      transport.onclose = resolve;
      process.stdin.on('end', resolve);
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  } else {
    const http = await startStatelessMcpHttpServer({
      token: process.env.TINYELF_MCP_TOKEN,
      port: options.port,
      serverFor: (path) => (path === '/mcp' ? () => mcpServerFor(built) : undefined),
    });
    process.stderr.write(`TinyElf MCP server on ${http.origin}/mcp\nBearer token: ${http.token}\n`);
    stop = () => http.close();
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  }
  await stop();
  await built.dispose();
  return 0;
}
