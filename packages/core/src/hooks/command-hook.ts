import { spawn } from 'node:child_process';
import type { HookedCall, ToolCallHook } from '../permissions/tool-call-hook';
import type { ToolCallResult } from '../registry/tool-call-result';

/** One command hook as configuration gives it. */
export interface CommandHookConfig {
  /** The shell command run for each call (`/bin/sh -c`, in the workspace). */
  readonly command: string;
  /** A name for messages and the audit log. @default the command */
  readonly name?: string;
  /** Only calls of these tools run it (`*` ends a prefix). @default every tool */
  readonly toolNames?: readonly string[];
  /** How long the command may take; past it its process group is killed. @default 10_000 */
  readonly timeoutMs?: number;
}

/** The command hooks of a configuration's `hooks` section. */
export interface CommandHooksConfig {
  /** Run before each call: may refuse it, ask about it, or rewrite its arguments. */
  readonly beforeToolCall?: readonly CommandHookConfig[];
  /** Run after each call: may replace or add to its result. */
  readonly afterToolCall?: readonly CommandHookConfig[];
}

/** Where command hooks run. */
export interface CommandHookOptions {
  /** The folder the commands run in. @default process.cwd() */
  readonly cwd?: string;
}

/** At most this much of a hook's stdout is read; more refuses the call. */
const MAX_OUTPUT_BYTES = 1_000_000;

/**
 * The hooks of a configuration's `hooks` section, before-hooks first, in order. Each command gets
 * the call as JSON on stdin (`{ toolCallId, toolName, params, agentName }`, after-hooks also
 * `result: { content, isError, errorCode }`) and answers on stdout with JSON: a before-hook
 * `{ "decision": "deny", "reason": ... }`, `{ "decision": "ask", "reason": ... }` or
 * `{ "decision": "continue", "params": {...} }`; an after-hook `{ "content": ... }` or
 * `{ "append": ... }`. Empty stdout with exit 0 goes on unchanged. A non-zero exit (a command that
 * does not exist exits 127), output that is not JSON, or a timeout refuses the call with the
 * reason (stderr, or what was printed).
 */
export function createCommandHooks(
  config: CommandHooksConfig,
  options: CommandHookOptions = {},
): ToolCallHook[] {
  const before = (config.beforeToolCall ?? []).map(
    (hook): ToolCallHook => ({
      ...described(hook),
      beforeToolCall: (call) => runHookCommand(hook, options, inputOf(call), call.signal),
    }),
  );
  const after = (config.afterToolCall ?? []).map(
    (hook): ToolCallHook => ({
      ...described(hook),
      afterToolCall: (call, result) =>
        runHookCommand(hook, options, inputOf(call, result), call.signal),
    }),
  );
  return [...before, ...after];
}

function described(
  hook: CommandHookConfig,
): Pick<ToolCallHook, 'name' | 'toolNames' | 'timeoutMs'> {
  return {
    name:
      hook.name ?? (hook.command.length > 60 ? `${hook.command.slice(0, 57)}...` : hook.command),
    ...(hook.toolNames && { toolNames: hook.toolNames }),
    ...(hook.timeoutMs !== undefined && { timeoutMs: hook.timeoutMs }),
  };
}

function inputOf(call: HookedCall, result?: ToolCallResult): string {
  return JSON.stringify({
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    params: call.params,
    ...(call.agentName && { agentName: call.agentName }),
    ...(result && {
      result: {
        content: result.content,
        isError: result.isError,
        ...(result.errorCode && { errorCode: result.errorCode }),
      },
    }),
  });
}

/**
 * Runs the command with `input` on stdin and resolves to its decision: `undefined` for empty
 * stdout, else the parsed JSON (the registry checks its shape). Rejects, with a reason the model
 * and the user read, on a non-zero exit, output that is not JSON, too much output, or when the
 * call's signal fires (the registry's timeout): then the whole process group is killed.
 */
function runHookCommand<T>(
  hook: CommandHookConfig,
  options: CommandHookOptions,
  input: string,
  signal?: AbortSignal,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn(hook.command, {
      shell: true,
      cwd: options.cwd,
      detached: process.platform !== 'win32',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let size = 0;
    let failure: string | undefined;
    const kill = () => {
      try {
        if (child.pid && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    };
    signal?.addEventListener('abort', kill, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) {
        failure ??= `it printed more than ${MAX_OUTPUT_BYTES} bytes`;
        kill();
      } else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (Buffer.concat(stderr).length < 4_000) stderr.push(chunk);
    });
    child.stdin.on('error', () => {
      // A hook that does not read its input closes the pipe early; its exit code still decides.
    });
    child.on('error', (error) => {
      failure ??= `it could not be started: ${error.message}`;
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', kill);
      const errors = Buffer.concat(stderr).toString('utf8').trim().slice(0, 500);
      if (failure) return reject(new Error(failure));
      if (code !== 0) {
        const how = code === null ? `was killed (${killedBy})` : `exited with code ${code}`;
        const missing = code === 127 ? ' (command not found)' : '';
        return reject(new Error(`${how}${missing}${errors ? `: ${errors}` : ''}`));
      }
      const text = Buffer.concat(stdout).toString('utf8').trim();
      if (!text) return resolve(undefined);
      try {
        resolve(JSON.parse(text) as T);
      } catch {
        const shown = text.length > 80 ? `${text.slice(0, 77)}...` : text;
        reject(new Error(`it printed something that is not JSON: ${JSON.stringify(shown)}`));
      }
    });
    child.stdin.end(input);
  });
}
