import { TinyElfError } from '../errors/tinyelf-error';
import type { ITool } from '../tool/tool';
import {
  describeContentPart,
  isRichToolOutput,
  type ToolContentPart,
  type ToolOutputLimit,
} from '../tool/tool-output';
import type { RanCall } from './call-hooks';
import { limitOutput, spillDirectoryOf, type ToolCut } from './output-limit';
import { openSpillFile } from './output-spill';
import type { ToolExecuteOptions, ToolRegistryOptions } from './registry-options';
import { ERROR_RETRY_HINT, type ToolCallResult } from './tool-call-result';

/** The output limit of a registry that sets none: outputs longer than this are cut (and saved). */
export const DEFAULT_MAX_CHARS = 50_000;

/** The limit a tool's calls get, and a way to save full output early. */
export function outputLimitFor(
  tool: ITool | undefined,
  options: ToolExecuteOptions,
  registryOptions: ToolRegistryOptions,
): ToolOutputLimit {
  const maxChars =
    options.maxChars ?? tool?.maxOutputChars ?? registryOptions.maxChars ?? DEFAULT_MAX_CHARS;
  const keep = tool?.outputKeep ?? 'head';
  const directory = spillDirectoryOf(registryOptions);
  if (!directory) return { maxChars, keep };
  const spill = {
    directory,
    maxAgeMs: registryOptions.spillMaxAgeMs,
    maxFiles: registryOptions.spillMaxFiles,
  };
  return {
    maxChars,
    keep,
    openSpillFile: () => openSpillFile(spill, tool?.name ?? 'tool'),
    spillDirectory: directory,
  };
}

/** A failed call as the model reads it (the retry hint is added by {@link finishCall}). */
export function failedCall(error: TinyElfError, toolName: string): RanCall {
  const prefix = TinyElfError.hasCode(error, 'TOOL_EXECUTION_FAILED')
    ? `Error running tool "${toolName}": `
    : 'Error: ';
  return { text: `${prefix}${error.message}`, isError: true, errorCode: error.code };
}

/**
 * The result of a call: its text cut to the output limit once (the full text saved), the retry
 * hint on an error, the parts, the error code and the spill file when there are any.
 */
export async function finishCall(settings: {
  readonly tool: ITool | undefined;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly ran: RanCall;
  readonly started: number;
  readonly options: ToolExecuteOptions;
  readonly registryOptions: ToolRegistryOptions;
}): Promise<ToolCallResult> {
  const { tool, ran, registryOptions } = settings;
  const toolName = tool?.name ?? settings.toolName;
  const { maxChars, keep } = outputLimitFor(tool, settings.options, registryOptions);
  const limited = await limitOutput(toolName, ran.text, maxChars, registryOptions, keep, ran.cut);
  const { truncated, fullOutputPath } = limited;
  const result: ToolCallResult = {
    toolCallId: settings.toolCallId,
    toolName,
    content: ran.isError ? `${limited.text}\n\n${ERROR_RETRY_HINT}` : limited.text,
    isError: ran.isError,
    truncated,
    durationMs: performance.now() - settings.started,
  };
  const { parts, errorCode } = ran;
  if (errorCode === undefined && fullOutputPath === undefined && !parts) return result;
  return {
    ...result,
    ...(parts && { parts }),
    ...(errorCode && { errorCode }),
    ...(fullOutputPath && { fullOutputPath }),
  };
}

/**
 * The text of a tool's output, and its parts when it returned more than text: the text is what a
 * text-only model reads (images described in a line), the parts what a multimodal one gets.
 */
export function toolText(output: unknown): RanCall {
  if (typeof output === 'string') return { text: output, isError: false };
  if (output === undefined || output === null) return { text: '', isError: false };
  if (isRichToolOutput(output)) {
    const text = output.parts.map(describeContentPart).join('\n');
    const { truncated, fullOutputPath } = output;
    const cut: ToolCut =
      truncated || typeof fullOutputPath === 'string' ? { truncated, fullOutputPath } : {};
    return output.parts.every((part) => part.type === 'text')
      ? { text, cut, isError: false }
      : { text, parts: output.parts as readonly ToolContentPart[], cut, isError: false };
  }
  if (typeof output === 'object') {
    try {
      return { text: JSON.stringify(output, null, 2), isError: false };
    } catch {
      return { text: String(output), isError: false };
    }
  }
  return { text: String(output), isError: false };
}
