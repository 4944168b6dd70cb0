import type { ModelClient, ModelRequest, ModelResponse, ToolCallRequest } from '@tinyelf/core';
import { TinyElfError } from '@tinyelf/core';
import { toWireMessages } from './openai-wire-messages';

/** Options of {@link OpenAIChatClient}; each falls back to the environment. */
export interface OpenAIChatClientOptions {
  /** @default OPENAI_BASE_URL, or https://api.openai.com/v1 */
  readonly baseUrl?: string;
  /** @default OPENAI_API_KEY (none for local servers) */
  readonly apiKey?: string;
  /** @default TINYELF_MODEL */
  readonly model?: string;
  /** @default 120_000 */
  readonly timeoutMs?: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Where the defaults are read from. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * A model client for OpenAI-compatible Chat Completions with tools: OpenAI, vLLM, llama.cpp
 * server, Ollama and the like. Tool results with images go out as the tool message's text plus
 * one follow-up `user` message with the images (tool messages are text only in this API). Provider
 * errors become `MODEL_ERROR`s that say what the server answered.
 */
export class OpenAIChatClient implements ModelClient {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly model: string | undefined;

  constructor(private readonly options: OpenAIChatClientOptions = {}) {
    const env = options.env ?? process.env;
    this.baseUrl = (options.baseUrl ?? env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(
      /\/+$/,
      '',
    );
    this.apiKey = options.apiKey ?? env.OPENAI_API_KEY;
    this.model = options.model ?? env.TINYELF_MODEL;
  }

  /** POSTs the conversation to `/chat/completions` and returns the reply's text and tool calls. */
  async complete(request: ModelRequest): Promise<ModelResponse> {
    const model = request.model ?? this.model;
    if (!model)
      throw new TinyElfError({
        code: 'MODEL_ERROR',
        message: 'No model is configured: pass model or set TINYELF_MODEL.',
      });
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 120_000);
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${this.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model,
          messages: toWireMessages(request.messages),
          ...(request.tools.length ? { tools: request.tools, tool_choice: 'auto' } : {}),
        }),
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new TinyElfError({
        code: 'MODEL_ERROR',
        message: `The model server at ${this.baseUrl} could not be reached (${(error as Error).message}).`,
        cause: error,
      });
    }
    const text = await response.text();
    if (!response.ok) {
      let detail = text.slice(0, 300);
      try {
        detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? detail;
      } catch {
        // not JSON
      }
      throw new TinyElfError({
        code: 'MODEL_ERROR',
        message: `The model server answered HTTP ${response.status}: ${detail}`,
      });
    }
    let body: {
      choices?: {
        message?: {
          content?: string | null;
          tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
        };
        finish_reason?: string;
      }[];
    };
    try {
      body = JSON.parse(text);
    } catch {
      throw new TinyElfError({
        code: 'MODEL_ERROR',
        message: 'The model server answered with something that is not JSON.',
      });
    }
    const choice = body.choices?.[0];
    if (!choice?.message)
      throw new TinyElfError({
        code: 'MODEL_ERROR',
        message: 'The model server answered without a message.',
      });
    const toolCalls: ToolCallRequest[] = (choice.message.tool_calls ?? []).map((call, index) => ({
      id: call.id ?? `call_${index}`,
      name: call.function?.name ?? '',
      arguments: call.function?.arguments ?? '{}',
    }));
    return { content: choice.message.content ?? '', toolCalls, finishReason: choice.finish_reason };
  }
}
