import type { BuiltRegistry } from '@tinyelf/builder';
import type { ConfirmationRequest, ConfirmCall, ToolCallResult, ToolProgress } from '@tinyelf/core';

/** What one MCP `tools/call` hands the registry besides the tool's name and arguments. */
export interface McpToolCall {
  /** The id the registry gives the call. */
  readonly toolCallId: string;
  /** Aborts the call (the client cancelled it, went away, or the server is stopping). */
  readonly signal: AbortSignal;
  /** Progress the tool reports (its line of text and its counts), passed on to the client. */
  readonly onProgress?: (message: string, progress?: ToolProgress) => void;
  /**
   * Asks the client's user (MCP elicitation) and resolves to their answer; absent when the client
   * did not declare the elicitation capability.
   */
  readonly elicit?: (message: string) => Promise<boolean>;
  /** Calls with risk warnings run without asking (`--approve-risky`). @default false */
  readonly approveRisky?: boolean;
  /**
   * The client says its host decided the call knowing its risk warnings (`tinyelf/riskConfirmed`,
   * sent by `@tinyelf/tool-remote` after its own registry's decision). @default false
   */
  readonly riskConfirmedByClient?: boolean;
}

/**
 * How `tinyelf mcp serve` answers a call that needs confirmation. An ordinary call (one the mode
 * asks about) is the client's to ask: it asked its user before sending it, from the tools'
 * annotations. A call the client cannot know about — risk warnings from the tool's check, or an
 * `ask` rule of the server's — asks the client's user through elicitation when the client can be
 * asked; otherwise it is refused with the warnings in the result. `--approve-risky` pre-approves
 * risk warnings (never an `ask` rule), and so does a client that says it decided them itself
 * (`tinyelf/riskConfirmed`, which `@tinyelf/tool-remote` sends: its user saw the warnings). Deny rules and blocked commands never get here.
 */
export function mcpConfirmation(call: McpToolCall): ConfirmCall {
  return async (request) => {
    if (request.warnings.length === 0 && !request.matchedRule) return true;
    if ((call.approveRisky || call.riskConfirmedByClient) && !request.matchedRule) return true;
    const why = confirmationText(request);
    if (!call.elicit)
      return {
        approved: false,
        reason: `${why} The MCP client cannot be asked (it did not declare the elicitation capability), so the call was refused; the server's operator can allow it with a rule, or pre-approve risk warnings with --approve-risky`,
      };
    const approved = await call.elicit(
      `Allow ${request.toolName} ${JSON.stringify(request.params)}? ${why}`,
    );
    return approved ? true : { approved: false, reason: `the client's user declined: ${why}` };
  };
}

function confirmationText(request: ConfirmationRequest): string {
  const warnings = request.warnings.map((warning) => warning.message).join(' ');
  return request.matchedRule
    ? `The server's rule \`${request.matchedRule}\` asks first.${warnings ? ` ${warnings}` : ''}`
    : warnings;
}

/**
 * Runs one tool call an MCP client made: the one place `tinyelf mcp serve` hands a call to the
 * registry, which decides it and asks through {@link mcpConfirmation}.
 */
export function runToolCall(
  built: BuiltRegistry,
  toolName: string,
  params: Record<string, unknown>,
  call: McpToolCall,
): Promise<ToolCallResult> {
  return built.registry.execute(call.toolCallId, toolName, params, {
    signal: call.signal,
    confirm: mcpConfirmation(call),
    context: call.onProgress ? { onProgress: call.onProgress } : undefined,
  });
}
