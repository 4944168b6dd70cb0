import type { Span } from '@opentelemetry/api';
import {
  loadedTelemetryApi,
  loadTelemetryApi,
  type TelemetryApi,
} from '../telemetry/telemetry-api';
import { VERSION } from '../version';

/** What a call's span ends with. */
export interface CallSpanEnd {
  /** The permission decision, when one was made. */
  readonly decision?: string;
  /** The rule or hook that decided, when one did. */
  readonly decidedBy?: string;
  /** The error code of a failed call. */
  readonly errorCode?: string;
  /** The error text of a failed call (its first line goes into the status). */
  readonly errorMessage?: string;
}

/** A started span of one call, or nothing when `@opentelemetry/api` is not installed. */
export interface CallSpan {
  /** Runs `work` with the span active, so spans the tool starts (an MCP client's) nest under it. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Sets the decision and the outcome, and ends the span. */
  end(outcome: CallSpanEnd): void;
}

/**
 * The span of one call, started now when `@opentelemetry/api` has been looked for already
 * (every call but the first), else once the look-up is done. `undefined` without the API, and for
 * a span nobody records (no SDK registered, or sampled out): the call then runs in the caller's
 * context, so its own spans, if any, nest under the caller's.
 */
export function startCallSpan(
  call: CallToTrace,
): CallSpan | undefined | Promise<CallSpan | undefined> {
  const api = loadedTelemetryApi();
  if (api === undefined) return loadTelemetryApi().then(() => startCallSpan(call));
  return api ? startSpanWith(api, call) : undefined;
}

/** The call a span is started for. */
interface CallToTrace {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly description?: string;
}

/**
 * Starts the span of one call, named `execute_tool {tool}` after the OpenTelemetry GenAI
 * conventions for tool execution, as a child of the active context (an agent loop's or an MCP
 * server's span): `gen_ai.operation.name`, `gen_ai.tool.name`, `gen_ai.tool.call.id`,
 * `gen_ai.tool.type` and `gen_ai.tool.description`; its end adds `tinyelf.permission.decision`
 * (and `tinyelf.permission.decided_by`), and on failure an error status and `error.type`.
 */
function startSpanWith(otel: TelemetryApi, call: CallToTrace): CallSpan | undefined {
  const tracer = otel.trace.getTracer('@tinyelf/core', VERSION);
  const parent = otel.context.active();
  const span: Span = tracer.startSpan(
    `execute_tool ${call.toolName}`,
    {
      kind: otel.SpanKind.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': call.toolName,
        'gen_ai.tool.call.id': call.toolCallId,
        'gen_ai.tool.type': 'function',
        ...(call.description && { 'gen_ai.tool.description': call.description.slice(0, 200) }),
      },
    },
    parent,
  );
  if (!span.isRecording()) {
    span.end();
    return undefined;
  }
  const active = otel.trace.setSpan(parent, span);
  return {
    run: (work) => otel.context.with(active, work),
    end(outcome) {
      if (outcome.decision) span.setAttribute('tinyelf.permission.decision', outcome.decision);
      if (outcome.decidedBy) span.setAttribute('tinyelf.permission.decided_by', outcome.decidedBy);
      if (outcome.errorCode) {
        span.setAttribute('error.type', outcome.errorCode);
        span.setStatus({
          code: otel.SpanStatusCode.ERROR,
          message: outcome.errorMessage?.split('\n')[0]?.slice(0, 300),
        });
      }
      span.end();
    },
  };
}
