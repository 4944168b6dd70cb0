import type {
  PermissionMode,
  ToolCallResult,
  ToolExecuteOptions,
  ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';
import { jsonSchema, type Tool, type ToolSet, tool } from 'ai';

/** Options of {@link toAiSdkTools}. */
export interface AiSdkToolsOptions {
  /**
   * With a policy, a call it says needs confirmation (in `mode`, given the tool's risk warnings)
   * is marked `needsApproval`, so the AI SDK asks for a `tool-approval-response` before it runs.
   * Without one, no call asks.
   */
  readonly policy?: ToolPolicy;
  /** The permission mode for the policy; `plan` offers the read-only tools only. @default 'default' */
  readonly mode?: PermissionMode;
  /** Passed to every call: the agent, a progress callback, a time limit, an output limit. */
  readonly execute?: Omit<ToolExecuteOptions, 'signal'>;
  /** Only these tools (by name); all of the registry's by default. */
  readonly only?: Iterable<string>;
}

/** What a TinyElf tool's AI SDK `execute` returns: the registry's whole result. */
export type TinyElfToolOutput = ToolCallResult;

/**
 * The tools of a registry as an AI SDK `ToolSet`, for `generateText` and `streamText`. Each tool
 * keeps its name, description and JSON Schema; its `execute` calls `registry.execute` with the AI
 * SDK's tool call id and abort signal, so coercion, validation, timeouts, truncation and the
 * registry's error results all apply (the AI SDK does not validate the input first). The model
 * sees the result's text, as `error-text` when the call failed, never a thrown error.
 *
 * @example
 * const result = await generateText({ model, tools: toAiSdkTools(registry), prompt, stopWhen: stepCountIs(5) });
 */
export function toAiSdkTools(registry: ToolRegistry, options: AiSdkToolsOptions = {}): ToolSet {
  const mode = options.mode ?? 'default';
  const scoped = options.policy ? options.policy.registryForMode(registry, mode) : registry;
  const only = options.only ? new Set(options.only) : undefined;
  const tools: Record<string, Tool<unknown, TinyElfToolOutput>> = {};
  for (const registered of scoped.getAll()) {
    const name = registered.name;
    if (only && !only.has(name)) continue;
    tools[name] = tool<unknown, TinyElfToolOutput>({
      description: registered.description,
      // Plain JSON (TypeBox's symbol keys dropped); the registry validates, not the AI SDK.
      inputSchema: jsonSchema(JSON.parse(JSON.stringify(registered.parameters))),
      needsApproval: options.policy
        ? async (input) =>
            options.policy!.requiresConfirmation(
              name,
              mode,
              await scoped.assessRisk(name, input ?? {}),
            )
        : undefined,
      execute: (input, { toolCallId, abortSignal }) =>
        scoped.execute(toolCallId, name, input ?? {}, { ...options.execute, signal: abortSignal }),
      toModelOutput: ({ output }) =>
        output.isError
          ? { type: 'error-text', value: output.content }
          : { type: 'text', value: output.content },
    });
  }
  return tools;
}
