import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { shareMcpServer, startStatelessMcpHttpServer } from '@tinyelf/tool-mcp';
import { type ComposeOptions, composeRegistry } from '../compose-registry';
import { registryMcpServer, registryMcpState } from '../mcp/registry-mcp-server';
import { VERSION } from '../version';

/** The options of `tinyelf mcp serve`. */
export interface McpServeOptions extends ComposeOptions {
  /** Serve over Streamable HTTP instead of stdio. */
  readonly http?: boolean;
  /** The HTTP port. @default a port the system chooses */
  readonly port?: number;
  /** The address to listen on. @default '127.0.0.1' */
  readonly host?: string;
  /** Serve without a token (loopback addresses only). @default false */
  readonly noAuth?: boolean;
  /** Host names accepted in Host and Origin besides the loopback names and the bound address. */
  readonly allowHosts?: readonly string[];
  /** Origins accepted in Origin besides the allowed hosts'. */
  readonly allowOrigins?: readonly string[];
  /**
   * Run calls with risk warnings (a shell command the classifier warns about) without asking the
   * client's user. Risky: the client never sees the warnings. Deny rules, `ask` rules and blocked
   * commands still refuse. @default false
   */
  readonly approveRisky?: boolean;
}

/** Resolves on the first SIGINT or SIGTERM (or the other events given). */
function stopSignal(register: (stop: () => void) => void = () => {}): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
    register(resolve);
  });
}

/**
 * `tinyelf mcp serve [--http [--port N] [--host ADDRESS] [--allow-host NAME] [--allow-origin
 * ORIGIN] [--no-auth]]`: serves the composed registry (its tools, skills as resources, slash
 * commands as prompts) as an MCP server over stdio, or over Streamable HTTP with a bearer token
 * (printed, or TINYELF_MCP_TOKEN, which is never printed). SIGINT/SIGTERM answer calls in flight
 * with an error, stop their tools and release the plugins.
 */
export async function mcpServeCommand(options: McpServeOptions): Promise<number> {
  const host = options.host ?? '127.0.0.1';
  if (options.http && options.noAuth && host !== '127.0.0.1' && host !== '::1')
    throw new Error(`Serving without a token is allowed on 127.0.0.1 or ::1 only, not on ${host}.`);
  const built = await composeRegistry(options);
  try {
    const state = registryMcpState(built, { approveRisky: options.approveRisky });
    if (!options.http) {
      const server = registryMcpServer(state);
      const transport = new StdioServerTransport();
      await server.connect(transport);
      await stopSignal((stop) => {
        transport.onclose = stop;
        process.stdin.on('end', stop);
      });
      await server.close();
      return 0;
    }
    const supplied = process.env.TINYELF_MCP_TOKEN || undefined;
    // The tools' processes (Bash) inherit the environment: they must not read the server's token.
    delete process.env.TINYELF_MCP_TOKEN;
    // One SDK server for every request (a new one per POST was most of a call's CPU); the client's
    // id reaches the handlers in each request's `mcp-session-id`.
    const serve = shareMcpServer(() => registryMcpServer(state));
    const http = await startStatelessMcpHttpServer({
      token: supplied,
      auth: !options.noAuth,
      port: options.port,
      host: options.host,
      allowedHosts: options.allowHosts,
      allowedOrigins: options.allowOrigins,
      version: VERSION,
      serverFor: (path) => (path === '/mcp' ? serve : undefined),
    });
    const access =
      http.token === undefined
        ? 'No token: --no-auth serves loopback clients without one.'
        : supplied
          ? 'Bearer token: the one in TINYELF_MCP_TOKEN.'
          : `Bearer token: ${http.token}`;
    process.stderr.write(`TinyElf MCP server on ${http.origin}/mcp\n${access}\n`);
    await stopSignal();
    await http.close();
    return 0;
  } finally {
    await built.dispose();
  }
}
