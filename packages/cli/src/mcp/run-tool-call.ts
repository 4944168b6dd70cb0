import type { BuiltRegistry } from '@tinyelf/builder';
import type { ToolCallResult, ToolProgress } from '@tinyelf/core';

/** What one MCP `tools/call` hands the registry besides the tool's name and arguments. */
export interface McpToolCall {
  /** The id the registry gives the call. */
  readonly toolCallId: string;
  /** Aborts the call (the client cancelled it, went away, or the server is stopping). */
  readonly signal: AbortSignal;
  /** Progress the tool reports (its line of text and its counts), passed on to the client. */
  readonly onProgress?: (message: string, progress?: ToolProgress) => void;
}

/**
 * Runs one tool call an MCP client made. The one place `tinyelf mcp serve` hands a call to the
 * registry, so that a permission decision for MCP calls has one call site to go into.
 */
export function runToolCall(
  built: BuiltRegistry,
  toolName: string,
  params: Record<string, unknown>,
  call: McpToolCall,
): Promise<ToolCallResult> {
  return built.registry.execute(call.toolCallId, toolName, params, {
    signal: call.signal,
    context: call.onProgress ? { onProgress: call.onProgress } : undefined,
  });
}
