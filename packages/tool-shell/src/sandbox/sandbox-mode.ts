import { TinyElfError } from '@tinyelf/core';

/** The values the `sandbox` option takes. */
export const SANDBOX_MODES = ['auto', 'bubblewrap', 'none'] as const;

/**
 * How Bash isolates commands:
 * - `'auto'`: in bubblewrap where it can start; where it cannot (no `bwrap`, user namespaces
 *   refused, not Linux) commands run without a sandbox, and the build diagnostics and the first
 *   Bash result say so.
 * - `'bubblewrap'`: always in bubblewrap; a command is never run without it.
 * - `'none'`: no sandbox.
 */
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/**
 * Checks a configured `sandbox` value; an unknown one (a typo such as `"bwrap"`) is an
 * `INVALID_CONFIG` error listing the allowed values, never a silent run without the sandbox.
 */
export function parseSandboxMode(value: unknown): SandboxMode {
  if (value === undefined) return 'auto';
  if ((SANDBOX_MODES as readonly unknown[]).includes(value)) return value as SandboxMode;
  throw new TinyElfError({
    code: 'INVALID_CONFIG',
    message: `The shell option "sandbox" is ${JSON.stringify(value)}; allowed values are ${SANDBOX_MODES.map((mode) => `"${mode}"`).join(', ')} (default "auto").`,
  });
}
