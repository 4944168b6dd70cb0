import { InvalidToolInputError } from '../errors/invalid-tool-input-error';
import { toTinyElfError } from '../errors/to-tinyelf-error';
import type { HookedCall } from '../permissions/tool-call-hook';
import type { ArgumentValidator } from '../schema/argument-validator';
import type { ITool } from '../tool/tool';
import { runBoundedCall } from './bounded-call';
import { redactedParams, writeAuditEntry } from './call-audit';
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
  readonly registry: ToolRegistry;
  readonly registryOptions: ToolRegistryOptions;
  readonly tool: ITool | undefined;
  /** Throws the `TOOL_NOT_FOUND` error when the tool is missing. */
  readonly notFound: () => Error;
  readonly validator: () => Promise<ArgumentValidator>;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly params: unknown;
  readonly options: ToolExecuteOptions;
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
  const { tool, toolCallId, options, registryOptions } = call;
  const notes: CallNotes = { changedBy: [] };
  const span = await startCallSpan({
    toolCallId,
    toolName: call.toolName,
    description: tool?.description,
  });
  const result = await span.run(async () => {
    let ran: RanCall;
    try {
      ran = await decideAndRun(call, notes, started);
    } catch (thrown) {
      ran = failedCall(toTinyElfError(thrown), call.toolName);
    }
    return finishCall({ ...call, ran, started, registryOptions });
  });
  const decidedBy = notes.hook ? `hook: ${notes.hook}` : notes.decision?.matchedRule;
  span.end({
    decision: notes.decision?.decision ?? (notes.hook && !notes.answer ? 'deny' : undefined),
    decidedBy,
    errorCode: result.errorCode,
    errorMessage: result.isError ? result.content : undefined,
  });
  if (registryOptions.audit) {
    await writeAuditEntry(registryOptions.audit, {
      time: new Date().toISOString(),
      toolCallId,
      tool: call.toolName,
      ...(options.context?.agent?.name && { agent: options.context.agent.name }),
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
  return result;
}

async function decideAndRun(
  call: CallToExecute,
  notes: CallNotes,
  started: number,
): Promise<RanCall> {
  const { tool, options, registryOptions } = call;
  if (!tool) throw call.notFound();
  const validator = await call.validator();
  const validate = async (params: unknown) => {
    const validation = validator.validate(params);
    if (validation.ok) return validation.value;
    throw new InvalidToolInputError({
      issues: validation.issues,
      message: `Invalid arguments for tool "${tool.name}":\n${validation.issues
        .map((issue) => `- ${issue.path}: ${issue.message}`)
        .join('\n')}`,
    });
  };
  let params = await validate(call.params);
  notes.params = params;
  const hooks = hooksFor(registryOptions.hooks, tool.name);
  const hooked: HookedCall = {
    toolCallId: call.toolCallId,
    toolName: tool.name,
    params,
    ...(options.context?.agent?.name && { agentName: options.context.agent.name }),
    ...(options.signal && { signal: options.signal }),
  };
  let ask: { hook: string; reason: string } | undefined;
  if (hooks.length > 0) {
    const before = await runBeforeHooks(hooks, hooked, validate, notes);
    params = before.params;
    notes.params = params;
    ask = before.ask;
  }
  const workspaceRoot = options.context?.workspaceRoot ?? registryOptions.workspaceRoot;
  if (registryOptions.policy || ask) {
    const mode = options.mode ?? options.context?.agent?.permissionMode ?? 'default';
    let decision: CallDecision = registryOptions.policy
      ? await decideCall({ tool, params, policy: registryOptions.policy, mode, workspaceRoot })
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
  return hooks.length > 0 ? runAfterHooks(hooks, { ...hooked, params }, ran, started, notes) : ran;
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
