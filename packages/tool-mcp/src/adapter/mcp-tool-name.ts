import { createHash } from 'node:crypto';

/** Why a server or tool name cannot be used. */
export class McpNameError extends Error {}

const maximumLength = 64;

/** A server id must be letters, digits, `_` and `-`, without the `__` separator, up to 32 characters. */
export function checkServerId(id: string): void {
  if (!/^[a-zA-Z0-9_-]{1,32}$/.test(id))
    throw new McpNameError(
      `the server id ${JSON.stringify(id)} must be 1-32 letters, digits, "_" or "-"`,
    );
  if (id.includes('__'))
    throw new McpNameError(
      `the server id ${JSON.stringify(id)} contains "__", the separator of mcp__<server>__<tool> names, which would make tool names ambiguous`,
    );
}

/**
 * The registry name of a server's tool: `mcp__<server>__<tool>`, characters outside
 * `[a-zA-Z0-9_-]` replaced by `_`, and kept within 64 characters (shortened with a stable hash of
 * the full name when longer). A raw tool name with whitespace or control characters is refused
 * (it would smuggle text into the tool list), as is an empty one.
 */
export function mcpToolName(serverId: string, toolName: string): string {
  if (toolName === '' || /[\s\p{Cc}]/u.test(toolName)) {
    throw new McpNameError(
      `the tool name ${JSON.stringify(toolName.slice(0, 80))} has whitespace or control characters; tool names must be ^[a-zA-Z0-9_-]{1,64}$`,
    );
  }
  const name = `mcp__${serverId}__${toolName.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  if (name.length <= maximumLength) return name;
  const hash = createHash('sha256').update(`${serverId}\n${toolName}`).digest('hex').slice(0, 8);
  return `${name.slice(0, maximumLength - 9)}_${hash}`;
}
