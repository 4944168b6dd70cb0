import { loadedTelemetryApi, loadTelemetryApi } from './telemetry-api';

/** Attributes of a span: OpenTelemetry's primitive values. */
export type SpanAttributes = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * Runs `work` inside a span named `name`, a child of the active one, when `@opentelemetry/api` is
 * installed and an SDK records spans; otherwise just runs it. Spans started inside (a tool call's
 * `execute_tool`, an MCP client's) nest under it. A throw sets the error status and `error.type`
 * (the error's `code`, else its name) and is thrown on. The agent loop wraps each run
 * (`invoke_agent {agent}`) and each model call (`chat {model}`) in one.
 */
export async function withTelemetrySpan<T>(
  name: string,
  attributes: SpanAttributes,
  work: () => Promise<T>,
): Promise<T> {
  const otel = loadedTelemetryApi() === undefined ? await loadTelemetryApi() : loadedTelemetryApi();
  if (!otel) return work();
  const parent = otel.context.active();
  const defined = Object.fromEntries(
    Object.entries(attributes).filter(
      (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
    ),
  );
  const span = otel.trace
    .getTracer('@tinyelf/core')
    .startSpan(name, { kind: otel.SpanKind.INTERNAL, attributes: defined }, parent);
  if (!span.isRecording()) {
    span.end();
    return work();
  }
  try {
    return await otel.context.with(otel.trace.setSpan(parent, span), work);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    span.setAttribute(
      'error.type',
      typeof code === 'string' ? code : ((error as Error | null)?.name ?? 'Error'),
    );
    span.setStatus({
      code: otel.SpanStatusCode.ERROR,
      message: String((error as Error | null)?.message ?? error).slice(0, 300),
    });
    throw error;
  } finally {
    span.end();
  }
}
