import type { OpenAIToolDefinition } from '../registry/definition-formats';

/** A tool call the model asked for; `arguments` is the raw JSON text the model wrote. */
export interface ToolCallRequest {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** One message of a conversation, in a provider-neutral shape. */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  /** On assistant messages: the tool calls it made. */
  readonly toolCalls?: readonly ToolCallRequest[];
  /** On tool messages: the call answered. */
  readonly toolCallId?: string;
}

/** What a model is asked. */
export interface ModelRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly OpenAIToolDefinition[];
  /** Overrides the client's model. */
  readonly model?: string;
  readonly signal?: AbortSignal;
}

/** What a model answered: text, tool calls, or both. */
export interface ModelResponse {
  readonly content: string;
  readonly toolCalls: readonly ToolCallRequest[];
  readonly finishReason?: string;
}

/** A chat model with tool calling; any provider fits behind it. */
export interface ModelClient {
  /** Sends the conversation and the tool definitions; resolves with the model's reply (text and tool calls). */
  complete(request: ModelRequest): Promise<ModelResponse>;
}
