import { PermissionDeniedError } from '../errors/permission-denied-error';
import { TinyElfError } from '../errors/tinyelf-error';
import { describeThrown } from '../errors/to-tinyelf-error';
import { ToolAbortedError } from '../errors/tool-aborted-error';
import {
  DEFAULT_HOOK_TIMEOUT_MS,
  type HookedCall,
  type ToolCallHook,
} from '../permissions/tool-call-hook';
import type { ToolContentPart } from '../tool/tool-output';
import type { ToolCut } from './output-limit';
import type { ToolCallResult } from './tool-call-result';

/** What the hooks did to one call, for the audit log and the span. */
export interface HookNotes {
  /** The hook that refused the call or withheld its result. */
  hook?: string;
  /** The hooks that changed the arguments or the result, in order. */
  readonly changedBy: string[];
}

/** What the before-hooks made of a call: the arguments to run with, and an ask if one asked. */
export interface BeforeHooksOutcome {
  /** The arguments after every rewrite, validated again. */
  readonly params: Record<string, unknown>;
  /** The first hook that asked for the user's confirmation, and why. */
  readonly ask?: { readonly hook: string; readonly reason: string };
}

/** A call's output on its way to the model, before the output limit. */
export interface RanCall {
  /** The text for the model. */
  readonly text: string;
  /** The parts, when the tool returned more than text. */
  readonly parts?: readonly ToolContentPart[];
  /** What the tool said about cutting its own output. */
  readonly cut?: ToolCut;
  /** Whether the tool failed. */
  readonly isError: boolean;
  /** The failure's code. */
  readonly errorCode?: string;
}

/** The hooks that apply to a tool: those without `toolNames`, and those naming it (or a prefix). */
export function hooksFor(
  hooks: readonly ToolCallHook[] | undefined,
  toolName: string,
): readonly ToolCallHook[] {
  if (!hooks || hooks.length === 0) return [];
  return hooks.filter(
    (hook) =>
      !hook.toolNames ||
      hook.toolNames.some((name) =>
        name.endsWith('*') ? toolName.startsWith(name.slice(0, -1)) : name === toolName,
      ),
  );
}

/**
 * Runs the before-hooks in order, each seeing the arguments the previous left: `deny` (and a hook
 * that throws, times out or answers something else) refuses the call with a
 * {@link PermissionDeniedError} naming the hook; `continue` with `params` rewrites the arguments,
 * which `validate` checks again; the first `ask` is returned for the permission step.
 */
export async function runBeforeHooks(
  hooks: readonly ToolCallHook[],
  call: HookedCall,
  validate: (params: unknown) => Record<string, unknown>,
  notes: HookNotes,
): Promise<BeforeHooksOutcome> {
  let params = call.params as Record<string, unknown>;
  let ask: BeforeHooksOutcome['ask'];
  for (const hook of hooks) {
    if (!hook.beforeToolCall) continue;
    const refuse = (why: string) => {
      notes.hook = hook.name;
      return new PermissionDeniedError({
        message: `The call to ${call.toolName} was refused by hook "${hook.name}" and not run: ${why}`,
      });
    };
    let answer: unknown;
    try {
      answer = await withinHookTime(hook, call.signal, (signal) =>
        hook.beforeToolCall?.(hookView(call, params, signal)),
      );
    } catch (error) {
      if (ToolAbortedError.isInstance(error)) throw error;
      throw refuse(`the hook failed (${describeThrown(error)}); a failing hook refuses the call.`);
    }
    if (answer === undefined || answer === null) continue;
    const decision = answer as { decision?: unknown; reason?: unknown; params?: unknown };
    const reason = typeof decision.reason === 'string' && decision.reason ? decision.reason : '';
    if (decision.decision === 'deny') throw refuse(reason || 'no reason given.');
    if (decision.decision === 'ask') {
      ask ??= { hook: hook.name, reason: reason || `hook "${hook.name}" asks for confirmation` };
      continue;
    }
    if (decision.decision !== 'continue' || !isParamsOrAbsent(decision.params))
      throw refuse(`it answered ${shown(answer)}, which is not a decision. ${BEFORE_SHAPES}`);
    if (decision.params === undefined) continue;
    try {
      params = validate(decision.params);
    } catch (error) {
      throw refuse(`it rewrote the arguments into invalid ones: ${describeThrown(error)}`);
    }
    notes.changedBy.push(hook.name);
  }
  return { params, ...(ask && { ask }) };
}

/**
 * Runs the after-hooks in order on a call that ran, each seeing the result the previous left:
 * `content` replaces the text (and drops parts and the tool's spill file, which hold the
 * original), `append` adds a line. A hook that throws, times out or answers something else
 * withholds the result: the call becomes an error with code `HOOK_FAILED` naming the hook.
 */
export async function runAfterHooks(
  hooks: readonly ToolCallHook[],
  call: HookedCall,
  ran: RanCall,
  started: number,
  notes: HookNotes,
): Promise<RanCall> {
  let current = ran;
  for (const hook of hooks) {
    if (!hook.afterToolCall) continue;
    const withhold = (why: string) => {
      notes.hook = hook.name;
      return new TinyElfError({
        code: 'HOOK_FAILED',
        message: `The call to ${call.toolName} ran, but hook "${hook.name}" withheld its result: ${why}`,
      });
    };
    const result = resultOf(call, current, started);
    let answer: unknown;
    try {
      answer = await withinHookTime(hook, call.signal, (signal) =>
        hook.afterToolCall?.(hookView(call, call.params, signal), result),
      );
    } catch (error) {
      if (ToolAbortedError.isInstance(error)) throw error;
      throw withhold(`the hook failed (${describeThrown(error)}).`);
    }
    if (answer === undefined || answer === null) continue;
    const decision = answer as { content?: unknown; append?: unknown };
    const keys = Object.keys(answer);
    if (keys.length === 1 && typeof decision.content === 'string') {
      current = { isError: current.isError, errorCode: current.errorCode, text: decision.content };
    } else if (keys.length === 1 && typeof decision.append === 'string') {
      const separator = current.text && !current.text.endsWith('\n') ? '\n' : '';
      current = {
        ...current,
        text: `${current.text}${separator}${decision.append}`,
        ...(current.parts && {
          parts: [...current.parts, { type: 'text', text: decision.append } as const],
        }),
      };
    } else {
      throw withhold(`it answered ${shown(answer)}, which is not a decision. ${AFTER_SHAPES}`);
    }
    notes.changedBy.push(hook.name);
  }
  return current;
}

const BEFORE_SHAPES =
  'A before-hook answers nothing (go on), { decision: "continue", params? }, { decision: "deny", reason } or { decision: "ask", reason }.';
const AFTER_SHAPES = 'An after-hook answers nothing (keep), { content } or { append }.';

/**
 * The call as one hook sees it; its `signal` (and the controller behind it) is made only when the
 * hook reads it, so a hook that answers at once costs no `AbortController`.
 */
function hookView(
  call: HookedCall,
  params: Readonly<Record<string, unknown>>,
  signal: () => AbortSignal,
): HookedCall {
  return {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    params,
    ...(call.agentName !== undefined && { agentName: call.agentName }),
    get signal() {
      return signal();
    },
  };
}

/**
 * Runs one hook bounded by its time limit and the call's signal. A hook that answers at once (not
 * a promise) is done; for a promise, past the limit the hook's signal fires and the promise
 * rejects at once (the registry never waits on a hung hook), and an aborted call rejects with a
 * {@link ToolAbortedError}.
 */
function withinHookTime<T>(
  hook: ToolCallHook,
  outer: AbortSignal | undefined,
  run: (signal: () => AbortSignal) => T | Promise<T>,
): Promise<T> {
  const aborted = () =>
    new ToolAbortedError({ message: `The call was aborted while hook "${hook.name}" ran.` });
  if (outer?.aborted) return Promise.reject(aborted());
  let controller: AbortController | undefined;
  const signal = () => {
    controller ??= new AbortController();
    return controller.signal;
  };
  let answer: T | Promise<T>;
  try {
    answer = run(signal);
  } catch (error) {
    return Promise.reject(error);
  }
  if (typeof (answer as { then?: unknown } | null)?.then !== 'function')
    return Promise.resolve(answer);
  const pending = Promise.resolve(answer);
  const timeoutMs = hook.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
  return new Promise<T>((resolve, reject) => {
    const stop = (error: Error) => {
      settle();
      signal();
      controller?.abort(error);
      reject(error);
    };
    const onAbort = () => stop(aborted());
    const timer = setTimeout(
      () => stop(new Error(`it did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const settle = () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    };
    outer?.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}

function resultOf(call: HookedCall, ran: RanCall, started: number): ToolCallResult {
  return {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    content: ran.text,
    isError: ran.isError,
    truncated: ran.cut?.truncated ?? false,
    durationMs: performance.now() - started,
    ...(ran.errorCode && { errorCode: ran.errorCode }),
    ...(ran.parts && { parts: ran.parts }),
    ...(ran.cut?.fullOutputPath && { fullOutputPath: ran.cut.fullOutputPath }),
  };
}

function isParamsOrAbsent(value: unknown): boolean {
  return (
    value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value))
  );
}

function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
