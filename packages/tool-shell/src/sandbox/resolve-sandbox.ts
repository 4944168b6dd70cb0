import { probeBubblewrap } from './bubblewrap';
import { findBubblewrap } from './find-bubblewrap';
import { parseSandboxMode, type SandboxMode } from './sandbox-mode';

/** Where Bash's commands run, as decided when the tool is created. */
export interface SandboxStatus {
  /** The configured mode. */
  readonly mode: SandboxMode;
  /** The bwrap binary commands run in; absent when they do not run in bubblewrap. */
  readonly bubblewrapPath?: string;
  /**
   * Why bubblewrap cannot be used here: with `'auto'` commands then run without a sandbox, with
   * `'bubblewrap'` they are refused. Absent when the sandbox works or the mode is `'none'`.
   */
  readonly unavailableReason?: string;
}

/**
 * Decides where commands run: checks the mode (an unknown value is an `INVALID_CONFIG` error),
 * finds bwrap on PATH outside the workspace and starts it once (cached per process).
 */
export function resolveSandbox(options: {
  /** The configured mode. @default 'auto' */
  readonly sandbox?: unknown;
  /** The bwrap name or absolute path. @default 'bwrap' */
  readonly bubblewrapPath?: string;
  /** Keep the network inside the sandbox. */
  readonly allowNetwork?: boolean;
  /** The workspace root (a bwrap inside it is never used). */
  readonly workspaceRoot: string;
}): SandboxStatus {
  const mode = parseSandboxMode(options.sandbox);
  if (mode === 'none') return { mode };
  if (process.platform !== 'linux')
    return {
      mode,
      unavailableReason: `bubblewrap runs on Linux only (this is ${process.platform})`,
    };
  const found = findBubblewrap(options.workspaceRoot, options.bubblewrapPath);
  if ('reason' in found) return { mode, unavailableReason: found.reason };
  const probe = probeBubblewrap(found.path, options.allowNetwork ?? false);
  return probe.ok
    ? { mode, bubblewrapPath: found.path }
    : { mode, unavailableReason: probe.reason };
}
