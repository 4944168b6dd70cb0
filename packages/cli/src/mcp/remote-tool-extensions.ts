import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { BuiltRegistry } from '@tinyelf/builder';
import { PLUGIN_API_VERSION } from '@tinyelf/core';
import {
  ASSESS_RISK_METHOD,
  type AssessRiskResult,
  REMOTE_TOOLS_CAPABILITY,
  REMOTE_TOOLS_EXTENSION_VERSION,
  type RemoteToolFacts,
  type RemoteToolsCapability,
  TOOL_FACTS_METHOD,
  type ToolFactsResult,
} from '@tinyelf/tool-remote';

/**
 * Adds what `@tinyelf/tool-remote` needs to a `tinyelf mcp serve` server, as MCP extensions a
 * plain client never sees: the `tinyelf/remoteTools` experimental capability (plugin API and
 * extension versions, checked by the client at connect), and two custom methods, `tinyelf/toolFacts`
 * (every tool's read-only, destructive and risk-assessing facts from the policy) and
 * `tinyelf/assessRisk` (a call's risk warnings, judged without running it). Call it before
 * `connect`.
 */
export function installRemoteToolExtensions(server: Server, built: BuiltRegistry): void {
  const capability: RemoteToolsCapability = {
    pluginApiVersion: PLUGIN_API_VERSION,
    extensionVersion: REMOTE_TOOLS_EXTENSION_VERSION,
  };
  server.registerCapabilities({ experimental: { [REMOTE_TOOLS_CAPABILITY]: { ...capability } } });
  const previous = server.fallbackRequestHandler;
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method === TOOL_FACTS_METHOD) return toolFacts(built) as never;
    if (request.method === ASSESS_RISK_METHOD)
      return (await assessRisk(built, request.params)) as never;
    if (previous) return previous(request, extra);
    throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
  };
}

function toolFacts(built: BuiltRegistry): ToolFactsResult {
  const tools: Record<string, RemoteToolFacts> = {};
  for (const tool of built.registry.getAll()) {
    const readOnly = built.policy.isReadOnly(tool);
    tools[tool.name] = {
      readOnly,
      destructive: !readOnly && !built.policy.isSafe(tool.name),
      assessesRisk: typeof tool.assessRisk === 'function',
    };
  }
  return { tools };
}

async function assessRisk(
  built: BuiltRegistry,
  params: Record<string, unknown> | undefined,
): Promise<AssessRiskResult> {
  const name = params?.name;
  const args = params?.arguments ?? {};
  if (typeof name !== 'string' || typeof args !== 'object' || args === null)
    throw new McpError(
      ErrorCode.InvalidParams,
      `${ASSESS_RISK_METHOD} takes { name: string, arguments: object }.`,
    );
  return { warnings: await built.registry.assessRisk(name, args) };
}
