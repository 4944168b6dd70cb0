import type { OpenAIToolDefinition } from '../registry/definition-formats';
import type { ToolContentPart } from '../tool/tool-output';

/** A tool call the model asked for; `arguments` is the raw JSON text the model wrote. */
export interface ToolCallRequest {
  /** The id the model gave the call; the tool result answers it. */
  readonly id: string;
  /** The tool the model asked for. */
  readonly name: string;
  /** The arguments as the JSON text the model wrote (possibly invalid). */
  readonly arguments: string;
}

/** One message of a conversation, in a provider-neutral shape. */
export interface ChatMessage {
  /** Who speaks. */
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  /** The text (a tool result's text for tool messages). */
  readonly content: string;
  /** On assistant messages: the tool calls it made. */
  readonly toolCalls?: readonly ToolCallRequest[];
  /** On tool messages: the call answered. */
  readonly toolCallId?: string;
  /**
   * On tool messages: the result's parts when the tool returned images or audio
   * (`ToolCallResult.parts`). A client for a model that takes images sends them in the
   * provider's format; `content` describes them for one that does not.
   */
  readonly parts?: readonly ToolContentPart[];
}

/** What a model is asked. */
export interface ModelRequest {
  /** The conversation so far, system prompt first. */
  readonly messages: readonly ChatMessage[];
  /** The tools the model may call. */
  readonly tools: readonly OpenAIToolDefinition[];
  /** Overrides the client's model. */
  readonly model?: string;
  /** Cancels the request. */
  readonly signal?: AbortSignal;
}

/** What a model answered: text, tool calls, or both. */
export interface ModelResponse {
  /** The reply's text (empty when it only calls tools). */
  readonly content: string;
  /** The tool calls the reply makes, in order. */
  readonly toolCalls: readonly ToolCallRequest[];
  /** The provider's reason for stopping (`stop`, `tool_calls`, `length`, ...). */
  readonly finishReason?: string;
}

/** A chat model with tool calling; any provider fits behind it. */
export interface ModelClient {
  /** Sends the conversation and the tool definitions; resolves with the model's reply (text and tool calls). */
  complete(request: ModelRequest): Promise<ModelResponse>;
}
