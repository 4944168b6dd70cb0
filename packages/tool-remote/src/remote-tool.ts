import {
  describeThrown,
  ERROR_RETRY_HINT,
  type ITool,
  NEVER_ABORTED_SIGNAL,
  type RiskWarning,
  TinyElfError,
  type ToolContentPart,
  ToolExecutionError,
  type ToolOutput,
} from '@tinyelf/core';
import type {
  RemoteCallResult,
  RemoteToolDefinition,
  RemoteToolServer,
} from './connection/remote-tool-server';
import { ERROR_CODE_META } from './protocol/remote-tool-protocol';

/** A tool that runs on a remote TinyElf tool server, under its own name. */
export interface RemoteTool extends ITool {
  /** The server's judgement: the tool may change things and is not among its safe tools. */
  readonly destructive: boolean;
}

/**
 * The local mirror of one remote tool: the same name, description and schema, `readOnly` from the
 * server's policy, and `assessRisk` asking the server before each call (so the host's policy
 * confirms a risky call before it is sent). Images and audio come back as result parts, and the
 * tool's progress counts as `onProgress` counts, as the local tool would give them. A failed remote call throws with the remote error's
 * code and text, so the registry reports it as it would a local one.
 */
export function createRemoteTool(
  definition: RemoteToolDefinition,
  server: RemoteToolServer,
): RemoteTool {
  const { name, facts } = definition;
  return {
    name,
    description: definition.description,
    parameters: definition.inputSchema,
    readOnly: facts.readOnly,
    destructive: facts.destructive,
    async execute(params, context) {
      const signal = context?.signal === NEVER_ABORTED_SIGNAL ? undefined : context?.signal;
      // Run only after the local registry decided the call with the server's own risk warnings.
      const result = await server.callTool(name, params, {
        signal,
        onProgress: context?.onProgress,
        riskConfirmed: facts.assessesRisk,
      });
      if (result.isError) throw remoteFailure(name, textOf(result), result._meta);
      return outputOf(result);
    },
    ...(facts.assessesRisk && {
      async assessRisk(params: Record<string, unknown>): Promise<readonly RiskWarning[]> {
        try {
          return await server.assessRisk(name, params);
        } catch (error) {
          // Fail closed: a call whose risk is unknown asks for confirmation.
          return [
            {
              rule: 'remote-risk-unknown',
              message: `The remote tool server could not judge this call's risk (${describeThrown(error)}); check it before allowing it.`,
            },
          ];
        }
      },
    }),
  };
}

/** The text of a result: its text parts, and a line for each part of another kind. */
function textOf(result: RemoteCallResult): string {
  return (result.content ?? []).map((part) => describePart(part)).join('\n');
}

/**
 * What the local call returns: the text (a result of text only, as before media), or the parts
 * with the server's images and audio as media parts and anything else as a line.
 */
function outputOf(result: RemoteCallResult): ToolOutput {
  const parts: ToolContentPart[] = (result.content ?? []).map((part) =>
    (part.type === 'image' || part.type === 'audio') &&
    typeof part.data === 'string' &&
    typeof part.mimeType === 'string'
      ? { type: part.type, data: part.data, mimeType: part.mimeType }
      : { type: 'text', text: describePart(part) },
  );
  if (parts.every((part) => part.type === 'text')) return textOf(result);
  return { parts };
}

function describePart(part: RemoteCallResult['content'][number]): string {
  return part.type === 'text'
    ? (part.text ?? '')
    : `[${part.type}${part.mimeType ? ` ${part.mimeType}` : ''} from the remote tool]`;
}

/**
 * The error a failed remote call throws: the remote registry's text without its prefix and retry
 * hint (the local registry adds its own), with the remote error code when the server sent it in
 * `_meta`, `TOOL_EXECUTION_FAILED` when the text says the tool threw, `REMOTE_TOOL_FAILED` otherwise.
 */
function remoteFailure(
  name: string,
  text: string,
  meta: Record<string, unknown> | undefined,
): TinyElfError {
  let message = text.endsWith(`\n\n${ERROR_RETRY_HINT}`)
    ? text.slice(0, -(ERROR_RETRY_HINT.length + 2))
    : text;
  const thrownPrefix = `Error running tool "${name}": `;
  const threw = message.startsWith(thrownPrefix);
  if (threw) message = message.slice(thrownPrefix.length);
  else if (message.startsWith('Error: ')) message = message.slice('Error: '.length);
  const code = typeof meta?.[ERROR_CODE_META] === 'string' ? meta[ERROR_CODE_META] : undefined;
  if (code === 'TOOL_EXECUTION_FAILED' || (!code && threw))
    return new ToolExecutionError({ message });
  return new TinyElfError({ code: code ?? 'REMOTE_TOOL_FAILED', message });
}
