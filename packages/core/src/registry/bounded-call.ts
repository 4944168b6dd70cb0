import { setMaxListeners } from 'node:events';
import { ToolAbortedError } from '../errors/tool-aborted-error';
import { ToolTimeoutError } from '../errors/tool-timeout-error';
import type { ITool, ToolContext } from '../tool/tool';

/**
 * The signal a call gets when the caller gave neither a signal nor a timeout: it never fires. A
 * tool that hands signals to a library which adds listeners per call can skip it (compare with
 * `===`), so those listeners do not pile up on one long-lived signal.
 *
 * Every call running at once may listen on it (`spawn`, `fetch` and the tools' own listeners,
 * each removed when its call ends), so it has no listener limit: Node's default of 10 printed a
 * `MaxListenersExceededWarning` at 11 concurrent Bash or Grep calls on one registry.
 */
export const NEVER_ABORTED_SIGNAL: AbortSignal = withoutListenerLimit(new AbortController().signal);

function withoutListenerLimit(signal: AbortSignal): AbortSignal {
  setMaxListeners(0, signal);
  return signal;
}

/** How one call is bounded: the caller's signal and a time limit, either optional. */
export interface CallBounds {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/**
 * Runs `tool.execute` bounded by the caller's signal and a time limit: whichever comes first
 * aborts the tool's own signal and rejects with {@link ToolAbortedError} or
 * {@link ToolTimeoutError} at once, without waiting for a tool that ignores its signal.
 */
export function runBoundedCall(
  tool: ITool,
  params: Record<string, unknown>,
  context: Omit<ToolContext, 'signal'>,
  bounds: CallBounds,
): Promise<unknown> {
  const { signal: outer, timeoutMs } = bounds;
  if (!outer && !timeoutMs) {
    return new Promise<unknown>((run) =>
      run(tool.execute(params, { ...context, signal: NEVER_ABORTED_SIGNAL })),
    );
  }
  if (outer?.aborted) return Promise.reject(abortedError(tool.name));
  const controller = new AbortController();
  return new Promise<unknown>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      if (timer) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      settle();
      const error = abortedError(tool.name);
      controller.abort(error);
      reject(error);
    };
    outer?.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs) {
      timer = setTimeout(() => {
        settle();
        const error = new ToolTimeoutError({
          timeoutMs,
          message: `Tool "${tool.name}" did not finish within ${timeoutMs} ms and was stopped.`,
        });
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    }
    new Promise<unknown>((run) =>
      run(tool.execute(params, { ...context, signal: controller.signal })),
    ).then(
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

function abortedError(toolName: string): ToolAbortedError {
  return new ToolAbortedError({
    message: `The call to tool "${toolName}" was aborted before it finished.`,
  });
}
