import {
  type ModelClient,
  type ModelRequest,
  type ModelResponse,
  withTelemetrySpan,
} from '@tinyelf/core';

/**
 * One model call as a `chat {model}` span (the OpenTelemetry GenAI inference span), with
 * `gen_ai.request.model` when the model is named.
 */
export function completeTraced(model: ModelClient, request: ModelRequest): Promise<ModelResponse> {
  const name = request.model ? `chat ${request.model}` : 'chat';
  return withTelemetrySpan(
    name,
    { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': request.model },
    () => model.complete(request),
  );
}
