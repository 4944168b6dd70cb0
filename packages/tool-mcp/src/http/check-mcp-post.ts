import type { IncomingHttpHeaders } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The most messages one POST may carry, as the SDK's own servers allow. */
const MAX_BATCH_SIZE = 100;

/** The SDK's helpers the checks use, loaded with the SDK (lazily, by the server). */
export interface McpPostCheckers {
  /** The JSON-RPC message schema (zod). */
  readonly JSONRPCMessageSchema: { parse(value: unknown): JSONRPCMessage };
  /** The protocol versions a client may name in `mcp-protocol-version`. */
  readonly SUPPORTED_PROTOCOL_VERSIONS: readonly string[];
  /** True for a `Content-Type` whose media type is `application/json`. */
  readonly isJsonContentType: (header: string | null | undefined) => boolean;
}

/** The messages of a POST that passed, or the refusal (status, JSON-RPC code, message). */
export type McpPostCheck =
  | { readonly ok: true; readonly messages: JSONRPCMessage[] }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: number;
      readonly message: string;
    };

/** Loads the checkers from the SDK. */
export async function loadMcpPostCheckers(): Promise<McpPostCheckers> {
  const [types, mediaType] = await Promise.all([
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/shared/mediaType.js'),
  ]);
  return {
    JSONRPCMessageSchema: types.JSONRPCMessageSchema,
    SUPPORTED_PROTOCOL_VERSIONS: types.SUPPORTED_PROTOCOL_VERSIONS,
    isJsonContentType: mediaType.isJsonContentType,
  };
}

/** True for an `initialize` request. */
export function isInitialize(message: JSONRPCMessage): boolean {
  return 'method' in message && message.method === 'initialize' && 'id' in message;
}

/**
 * The checks the SDK's Streamable HTTP transport makes of a POST, with its statuses and messages:
 * the client accepts JSON and SSE (406), sends JSON (415), at most 100 messages (400), each a
 * JSON-RPC message (400, -32700), `initialize` alone (400, -32600), and a supported
 * `mcp-protocol-version` after initialize (400).
 */
export function checkMcpPost(
  headers: IncomingHttpHeaders,
  body: unknown,
  checkers: McpPostCheckers,
): McpPostCheck {
  const refuse = (status: number, code: number, message: string) =>
    ({ ok: false, status, code, message }) as const;
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return refuse(
      406,
      -32000,
      'Not Acceptable: Client must accept both application/json and text/event-stream',
    );
  if (!checkers.isJsonContentType(headers['content-type']))
    return refuse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
  if (Array.isArray(body) && body.length > MAX_BATCH_SIZE)
    return refuse(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
  let messages: JSONRPCMessage[];
  try {
    messages = (Array.isArray(body) ? body : [body]).map((message) =>
      checkers.JSONRPCMessageSchema.parse(message),
    );
  } catch {
    return refuse(400, -32700, 'Parse error: Invalid JSON-RPC message');
  }
  if (messages.some(isInitialize)) {
    if (messages.length > 1)
      return refuse(400, -32600, 'Invalid Request: Only one initialization request is allowed');
    return { ok: true, messages };
  }
  const version = headers['mcp-protocol-version'];
  if (typeof version === 'string' && !checkers.SUPPORTED_PROTOCOL_VERSIONS.includes(version))
    return refuse(
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${checkers.SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    );
  return { ok: true, messages };
}
