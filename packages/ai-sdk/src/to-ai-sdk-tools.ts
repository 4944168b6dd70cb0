import {
  type ConfirmationAnswer,
  type PermissionMode,
  type ToolCallResult,
  type ToolExecuteOptions,
  type ToolPolicy,
  ToolRegistry,
} from '@tinyelf/core';
import { jsonSchema, type ModelMessage, type Tool, type ToolSet, tool } from 'ai';
import { toModelOutput } from './to-model-output';

/** Options of {@link toAiSdkTools}. */
export interface AiSdkToolsOptions {
  /**
   * The policy when the registry carries none (a registry the builder made carries one, and it
   * decides). With a policy, a call the registry's decision says asks (rules, `mode`, the tool's
   * risk warnings) is marked `needsApproval`, so the AI SDK asks for a `tool-approval-response`
   * before it runs, and runs only once approved; a denied call is refused with the reason. Without
   * any policy, no call asks.
   */
  readonly policy?: ToolPolicy;
  /** The permission mode for the policy; `plan` offers the read-only tools only. @default 'default' */
  readonly mode?: PermissionMode;
  /** Passed to every call: the agent, a progress callback, a time limit, an output limit. */
  readonly execute?: Omit<ToolExecuteOptions, 'signal'>;
  /** Only these tools (by name); all of the registry's by default. */
  readonly only?: Iterable<string>;
  /**
   * Whether the model takes images: when false, an image a tool returns reaches it as a one-line
   * description (`[image: image/png, 4033 bytes]`), never as base64 text.
   * @default true
   */
  readonly images?: boolean;
  /**
   * Whether the model takes audio (sent as `file-data`); when false, each clip is described in a line.
   * @default false
   */
  readonly audio?: boolean;
}

/** What a TinyElf tool's AI SDK `execute` returns: the registry's whole result. */
export type TinyElfToolOutput = ToolCallResult;

/**
 * The tools of a registry as an AI SDK `ToolSet`, for `generateText` and `streamText`. Each tool
 * keeps its name, description and JSON Schema; its `execute` calls `registry.execute` with the AI
 * SDK's tool call id and abort signal, so coercion, validation, timeouts, truncation and the
 * registry's error results all apply (the AI SDK does not validate the input first). The model
 * sees the result's text, as `error-text` when the call failed, never a thrown error, and a tool's
 * images (and audio, with `audio: true`) as `image-data` (`file-data`) parts of a `content` output.
 *
 * @example
 * const result = await generateText({ model, tools: toAiSdkTools(registry), prompt, stopWhen: stepCountIs(5) });
 */
export function toAiSdkTools(registry: ToolRegistry, options: AiSdkToolsOptions = {}): ToolSet {
  const mode = options.mode ?? 'default';
  const policy = registry.options.policy ?? options.policy;
  let scoped = policy ? policy.registryForMode(registry, mode) : registry;
  if (policy && !scoped.options.policy)
    scoped = new ToolRegistry({ ...scoped.options, policy }).registerAll(scoped.getAll());
  const only = options.only ? new Set(options.only) : undefined;
  const media = { images: options.images, audio: options.audio };
  const tools: Record<string, Tool<unknown, TinyElfToolOutput>> = {};
  for (const registered of scoped.getAll()) {
    const name = registered.name;
    if (only && !only.has(name)) continue;
    tools[name] = tool<unknown, TinyElfToolOutput>({
      description: registered.description,
      // Plain JSON (TypeBox's symbol keys dropped); the registry validates, not the AI SDK.
      inputSchema: jsonSchema(JSON.parse(JSON.stringify(registered.parameters))),
      // The registry's own decision, asked without running: exactly the calls execute would ask about.
      needsApproval: policy
        ? async (input) => (await scoped.decide(name, input ?? {}, { mode })).decision === 'ask'
        : undefined,
      execute: (input, { toolCallId, abortSignal, messages }) =>
        scoped.execute(toolCallId, name, input ?? {}, {
          ...options.execute,
          signal: abortSignal,
          mode,
          confirm: () => approvalIn(messages, toolCallId),
        }),
      toModelOutput: ({ output }) => toModelOutput(output, media),
    });
  }
  return tools;
}

/**
 * The user's answer to a call's AI SDK approval request, from the messages the call runs with:
 * yes only when a `tool-approval-response` approved a `tool-approval-request` of this call.
 */
function approvalIn(messages: readonly ModelMessage[], toolCallId: string): ConfirmationAnswer {
  const requested = new Set<string>();
  const answers = new Map<string, boolean>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-approval-request' && part.toolCallId === toolCallId)
        requested.add(part.approvalId);
      if (part.type === 'tool-approval-response') answers.set(part.approvalId, part.approved);
    }
  }
  if ([...requested].some((id) => answers.get(id) === true)) return true;
  return {
    approved: false,
    reason: 'it needs approval and no tool-approval-response approved it',
  };
}
