import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { BackgroundModel } from '@tinyelf/core';
import type { McpSdk } from './load-sdk';

/** A server's request for information from the user (MCP elicitation, form mode). */
export interface McpElicitation {
  /** The server asking. */
  readonly serverId: string;
  /** What the server says to the user. */
  readonly message: string;
  /** The JSON Schema of the answer it wants (flat object of primitive properties). */
  readonly requestedSchema: Readonly<Record<string, unknown>>;
}

/**
 * The user's answer: `true` accepts (with the schema's default values as the content), `false`
 * declines, or a full MCP answer with the content the user entered.
 */
export type McpElicitationAnswer =
  | boolean
  | {
      /** Accept (with `content`), decline, or cancel (the user dismissed the question). */
      readonly action: 'accept' | 'decline' | 'cancel';
      /** What the user entered, by the schema's property names. */
      readonly content?: Readonly<Record<string, string | number | boolean | string[]>>;
    };

/** Asks the user (a confirm-style callback of the host); the signal aborts when the server cancels. */
export type McpElicitationHandler = (
  request: McpElicitation,
  signal: AbortSignal,
) => Promise<McpElicitationAnswer>;

/** A server's request to use the host's model (MCP sampling), as the host sees it. */
export interface McpSamplingRequest {
  /** The server asking. */
  readonly serverId: string;
  /** The conversation and system prompt, as one prompt. */
  readonly prompt: string;
  /** The most tokens the server wants. */
  readonly maxTokens: number;
}

/** How servers' sampling requests are answered. */
export interface McpSamplingOptions {
  /** The model that answers (the host's background model). */
  readonly model: BackgroundModel;
  /** Asked before each request is sent to the model; without it every request is answered. */
  readonly allow?: (request: McpSamplingRequest) => Promise<boolean>;
}

/** What a host offers servers beyond tools. */
export interface McpClientHandlers {
  /** Elicitation requests go here; without it they are declined at once. */
  readonly elicit?: McpElicitationHandler;
  /** Sampling requests are answered with this model; without it the capability is not declared. */
  readonly sampling?: McpSamplingOptions;
}

/** The capabilities the client declares: elicitation always (declined without a handler), sampling with a model. */
export function clientCapabilities(handlers: McpClientHandlers): ClientCapabilities {
  return { elicitation: { form: {} }, ...(handlers.sampling ? { sampling: {} } : {}) };
}

/** The content made of a schema's default values, or undefined when a required property has none. */
function defaultsOf(
  schema: Readonly<Record<string, unknown>>,
): Record<string, string | number | boolean | string[]> | undefined {
  const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property?.default !== undefined) content[name] = property.default as string;
  }
  const required = (schema.required ?? []) as string[];
  return required.every((name) => name in content) ? content : undefined;
}

type TextMessage = { role: string; content: unknown };

/** The text of a sampling conversation, one `role: text` paragraph per message. */
function promptOf(systemPrompt: string | undefined, messages: readonly TextMessage[]): string {
  const parts = systemPrompt ? [`system: ${systemPrompt}`] : [];
  for (const message of messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const text = blocks
      .map((block: { type?: string; text?: string }) =>
        block?.type === 'text' ? block.text : `[${block?.type ?? 'unknown'} content]`,
      )
      .join('\n');
    parts.push(`${message.role}: ${text}`);
  }
  return parts.join('\n\n');
}

/** Installs the elicitation and sampling handlers on a client (declared by {@link clientCapabilities}). */
export function installClientHandlers(
  client: Client,
  sdk: McpSdk,
  serverId: string,
  handlers: McpClientHandlers,
): void {
  client.setRequestHandler(sdk.ElicitRequestSchema, async (request, extra) => {
    const params = request.params as { message: string; requestedSchema?: Record<string, unknown> };
    if (!handlers.elicit || !params.requestedSchema) return { action: 'decline' };
    const answer = await handlers.elicit(
      { serverId, message: params.message, requestedSchema: params.requestedSchema },
      extra.signal,
    );
    if (answer === false) return { action: 'decline' };
    if (answer === true) {
      const content = defaultsOf(params.requestedSchema);
      return content ? { action: 'accept', content } : { action: 'decline' };
    }
    return answer.action === 'accept'
      ? { action: 'accept', content: { ...(answer.content ?? {}) } }
      : { action: answer.action };
  });
  const sampling = handlers.sampling;
  if (!sampling) return;
  client.setRequestHandler(sdk.CreateMessageRequestSchema, async (request, extra) => {
    const params = request.params as {
      systemPrompt?: string;
      maxTokens: number;
      messages: TextMessage[];
    };
    const prompt = promptOf(params.systemPrompt, params.messages);
    const allowed =
      (await sampling.allow?.({ serverId, prompt, maxTokens: params.maxTokens })) ?? true;
    if (!allowed)
      throw new sdk.McpError(-1, `The user declined the sampling request of "${serverId}".`);
    const text = await sampling.model.complete(prompt, {
      signal: extra.signal,
      maxTokens: params.maxTokens,
    });
    return {
      role: 'assistant' as const,
      content: { type: 'text' as const, text },
      model: 'tinyelf-background-model',
      stopReason: 'endTurn',
    };
  });
}
