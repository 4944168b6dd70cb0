/** JSON-RPC error codes the MCP server answers with. */
export const ProtocolErrorCode = {
  /** Invalid params: an unknown tool or prompt (the code the MCP spec names). */
  InvalidParams: -32602,
  /** An unknown resource (the code the MCP spec names). */
  ResourceNotFound: -32002,
} as const;

/**
 * An error the SDK answers as a JSON-RPC error with this code and exactly this message (the SDK's
 * own `McpError` puts "MCP error <code>:" in front, which clients then show twice).
 */
export function protocolError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
}
