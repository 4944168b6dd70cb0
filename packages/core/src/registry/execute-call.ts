import { InvalidToolInputError } from '../errors/invalid-tool-input-error';
import { toTinyElfError } from '../errors/to-tinyelf-error';
import type { HookedCall } from '../permissions/tool-call-hook';
import type { ArgumentValidator } from '../schema/argument-validator';
import type { ITool } from '../tool/tool';
import { runBoundedCall } from './bounded-call';
import { type AuditLogOptions, redactedParams, writeAuditEntry } from './call-audit';
import { type CallDecision, decideCall } from './call-decision';
import {
  type HookNotes,
  hooksFor,
  type RanCall,
  runAfterHooks,
  runBeforeHooks,
} from './call-hooks';
import { failedCall, finishCall, outputLimitFor, toolText } from './call-output';
import { confirmDecision } from './call-permission';
import { startCallSpan } from './call-telemetry';
import type { ToolExecuteOptions, ToolRegistryOptions } from './registry-options';
import type { ToolCallResult } from './tool-call-result';
import type { ToolRegistry } from './tool-registry';

/** One call for {@link executeCall}: the tool (if found), its validator and the registry's options. */
export interface CallToExecute {
  /** The registry running the call (tools get it in their context). */
  readonly registry: ToolRegistry;
  /** The registry's options: policy, hooks, audit log, limits. */
  readonly registryOptions: ToolRegistryOptions;
  /** The tool, when one of that name is registered. */
  readonly tool: ITool | undefined;
  /** The `TOOL_NOT_FOUND` error for a missing tool. */
  readonly notFound: () => Error;
  /** The tool's validator when it has been made already. */
  readonly validator: ArgumentValidator | undefined;
  /** Makes the tool's validator (loading TypeBox on first use). */
  readonly loadValidator: () => Promise<ArgumentValidator>;
  /** The id the model gave the call. */
  readonly toolCallId: string;
  /** The tool the model asked for. */
  readonly toolName: string;
  /** The arguments as the model sent them. */
  readonly params: unknown;
  /** The caller's per-call options. */
  readonly options: ToolExecuteOptions;
  /** The caller's `options.decision` when the registry made it for exactly these arguments. */
  readonly reusedDecision?: (params: Record<string, unknown>) => CallDecision | undefined;
}

/** What decided a call, gathered on the way for the audit log and the span. */
interface CallNotes extends HookNotes {
  params?: unknown;
  decision?: CallDecision;
  answer?: 'approved' | 'declined' | 'unasked';
}

/**
 * Runs one call, in this order: look the tool up → validate (coerce) → before-hooks (may refuse,
 * ask, or rewrite the arguments, which are validated again) → risk warnings, rules and mode, and
 * the host's `confirm` on `ask` → run (bounded by signal and timeout) → after-hooks (replace or
 * add to the result) → output limit → retry hint on errors. Each step's failure becomes an error
 * result; the call is one span (with `@opentelemetry/api` installed) and one audit line (with an
 * audit log configured).
 */
export async function executeCall(call: CallToExecute): Promise<ToolCallResult> {
  const started = performance.now();
  const notes: CallNotes = { changedBy: [] };
  const pending = startCallSpan({
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    description: call.tool?.description,
  });
  const span = pending instanceof Promise ? await pending : pending;
  const result = span
    ? await span.run(() => runAndFinish(call, notes, started))
    : await runAndFinish(call, notes, started);
  span?.end({
    decision: notes.decision?.decision ?? (notes.hook ? 'deny' : undefined),
    decidedBy: notes.hook ? `hook: ${notes.hook}` : notes.decision?.matchedRule,
    errorCode: result.errorCode,
    errorMessage: result.isError ? result.content : undefined,
  });
  if (call.registryOptions.audit) await audit(call, notes, result);
  return result;
}

async function runAndFinish(
  call: CallToExecute,
  notes: CallNotes,
  started: number,
): Promise<ToolCallResult> {
  let ran: RanCall;
  try {
    ran = await decideAndRun(call, notes, started);
  } catch (thrown) {
    ran = failedCall(toTinyElfError(thrown), call.toolName);
  }
  // Named fields, not a spread of `call`: the spread made every call several times slower.
  const { tool, toolCallId, toolName, options, registryOptions } = call;
  return finishCall({ tool, toolCallId, toolName, options, registryOptions, ran, started });
}

function audit(call: CallToExecute, notes: CallNotes, result: ToolCallResult): Promise<void> {
  const agent = call.options.context?.agent?.name;
  return writeAuditEntry(call.registryOptions.audit as AuditLogOptions, {
    time: new Date().toISOString(),
    toolCallId: call.toolCallId,
    tool: call.toolName,
    ...(agent && { agent }),
    params: redactedParams(notes.params ?? call.params),
    ...(notes.decision && { decision: notes.decision.decision }),
    ...(notes.answer && { answer: notes.answer }),
    ...(notes.decision?.matchedRule && { rule: notes.decision.matchedRule }),
    ...(notes.hook && { hook: notes.hook }),
    ...(notes.changedBy.length > 0 && { changedBy: notes.changedBy }),
    isError: result.isError,
    ...(result.errorCode && { errorCode: result.errorCode }),
    durationMs: Math.round(result.durationMs * 1000) / 1000,
  });
}

async function decideAndRun(
  call: CallToExecute,
  notes: CallNotes,
  started: number,
): Promise<RanCall> {
  const { tool, options, registryOptions } = call;
  if (!tool) throw call.notFound();
  const validator = call.validator ?? (await call.loadValidator());
  const validate = (params: unknown): Record<string, unknown> => {
    const validation = validator.validate(params);
    if (validation.ok) return validation.value;
    throw new InvalidToolInputError({
      issues: validation.issues,
      message: `Invalid arguments for tool "${tool.name}":\n${validation.issues
        .map((issue) => `- ${issue.path}: ${issue.message}`)
        .join('\n')}`,
    });
  };
  let params = validate(call.params);
  notes.params = params;
  const hooks = hooksFor(registryOptions.hooks, tool.name);
  const agentName = options.context?.agent?.name;
  const hooked: HookedCall | undefined = hooks.length
    ? {
        toolCallId: call.toolCallId,
        toolName: tool.name,
        params,
        ...(agentName && { agentName }),
        ...(options.signal && { signal: options.signal }),
      }
    : undefined;
  let ask: { hook: string; reason: string } | undefined;
  if (hooked) {
    const before = await runBeforeHooks(hooks, hooked, validate, notes);
    params = before.params;
    notes.params = params;
    ask = before.ask;
  }
  const workspaceRoot = options.context?.workspaceRoot ?? registryOptions.workspaceRoot;
  if (registryOptions.policy || ask) {
    const mode = options.mode ?? options.context?.agent?.permissionMode ?? 'default';
    let decision: CallDecision = registryOptions.policy
      ? (call.reusedDecision?.(params) ??
        (await decideCall({ tool, params, policy: registryOptions.policy, mode, workspaceRoot })))
      : { decision: 'allow', warnings: [] };
    if (ask && decision.decision === 'allow') {
      notes.hook = ask.hook;
      decision = {
        decision: 'ask',
        warnings: decision.warnings,
        reason: ask.reason,
        matchedRule: `hook: ${ask.hook}`,
      };
    }
    notes.decision = decision;
    if (decision.decision === 'ask') notes.answer = options.confirm ? 'declined' : 'unasked';
    const decided = { toolName: tool.name, toolCallId: call.toolCallId, params, ...options };
    await confirmDecision(decision, decided);
    if (decision.decision === 'ask') notes.answer = 'approved';
  } else {
    notes.decision = { decision: 'allow', warnings: [] };
  }
  let ran: RanCall;
  try {
    ran = toolText(await runTool(call, tool, params, workspaceRoot));
  } catch (thrown) {
    ran = failedCall(toTinyElfError(thrown), tool.name);
  }
  return hooked ? runAfterHooks(hooks, { ...hooked, params }, ran, started, notes) : ran;
}

function runTool(
  call: CallToExecute,
  tool: ITool,
  params: Record<string, unknown>,
  workspaceRoot: string | undefined,
): Promise<unknown> {
  const { options, registryOptions } = call;
  return runBoundedCall(
    tool,
    params,
    {
      ...options.context,
      workspaceRoot,
      toolCallId: call.toolCallId,
      registry: call.registry,
      outputLimit: outputLimitFor(tool, options, registryOptions),
      ...(options.confirm && { confirm: options.confirm }),
    },
    { signal: options.signal, timeoutMs: options.timeoutMs ?? registryOptions.defaultTimeoutMs },
  );
}
