import {
  type ITool,
  type JsonSchema,
  NEVER_ABORTED_SIGNAL,
  type RiskWarning,
  type ToolContext,
  type ToolOutput,
} from '@tinyelf/core';
import { formatToolResult } from './format-tool-result';
import type { McpCallOptions, McpConnection, McpProgress, McpToolInfo } from './mcp-connection';
import { mcpToolName } from './mcp-tool-name';
import { normalizeInputSchema } from './normalize-input-schema';
import { toolPoisoningWarnings } from './tool-poisoning';

/**
 * An MCP server's tool as an `ITool` named `mcp__<server>__<tool>`: description and schema
 * from the server (schema made provider-neutral), calls with the call's signal (an abort is sent
 * to the server as MCP cancellation) and a timeout, the server's progress notifications passed to
 * the call's `onProgress`, results turned into text and media parts. The server's
 * annotations are kept as information only: `readOnlyHint` from an untrusted server approves
 * nothing. A description carrying hidden instructions makes every call carry a risk warning.
 */
export class McpToolAdapter implements ITool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  /** The server's annotations, as hints for display (not trusted for policy). */
  readonly annotations: Readonly<Record<string, unknown>>;
  private readonly warnings: readonly RiskWarning[];

  constructor(
    private readonly connection: McpConnection,
    /** The tool as its server describes it. */
    readonly tool: McpToolInfo,
    private readonly options: { readonly timeoutMs?: number } = {},
  ) {
    this.name = mcpToolName(connection.serverId, tool.name);
    const description =
      tool.description?.trim() || `The ${tool.name} tool of the ${connection.serverId} MCP server.`;
    this.description = `${description}\n(From the MCP server "${connection.serverId}".)`;
    this.parameters = normalizeInputSchema(tool.inputSchema);
    this.annotations = tool.annotations ?? {};
    this.warnings = toolPoisoningWarnings(
      connection.serverId,
      tool.name,
      description,
      tool.inputSchema,
    );
  }

  assessRisk(): readonly RiskWarning[] {
    return this.warnings;
  }

  async execute(params: Record<string, unknown>, context?: ToolContext): Promise<ToolOutput> {
    const outer = context?.signal;
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    const report = context?.onProgress;
    const onProgress = report && ((progress: McpProgress) => report(...progressReport(progress)));
    const options: McpCallOptions = { timeoutMs, ...(onProgress && { onProgress }) };
    if (!outer || outer === NEVER_ABORTED_SIGNAL) {
      return formatToolResult(
        await this.connection.callTool(this.tool.name, params, options),
        this.name,
      );
    }
    // The SDK never removes the abort listener it adds to a request's signal, so it gets a signal
    // of its own per call, linked to the caller's (whose listener is removed afterwards).
    const controller = new AbortController();
    const forward = () => controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    else outer?.addEventListener('abort', forward, { once: true });
    try {
      const result = await this.connection.callTool(this.tool.name, params, {
        ...options,
        signal: controller.signal,
      });
      return formatToolResult(result, this.name);
    } finally {
      outer?.removeEventListener('abort', forward);
    }
  }
}

/** A server's progress notification as `onProgress` arguments: its message (or `3/5`), and the counts. */
function progressReport(
  progress: McpProgress,
): [string, { readonly progress: number; readonly total?: number }] {
  const message =
    progress.message ??
    (progress.total === undefined
      ? String(progress.progress)
      : `${progress.progress}/${progress.total}`);
  return [
    message,
    {
      progress: progress.progress,
      ...(progress.total !== undefined && { total: progress.total }),
    },
  ];
}
