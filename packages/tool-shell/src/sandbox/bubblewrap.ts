import { spawnSync } from 'node:child_process';
import { TinyElfError } from '@tinyelf/core';

const probes = new Map<string, { ok: true } | { ok: false; reason: string }>();

/**
 * The bwrap arguments that run `command` with the workspace writable, the rest of the file
 * system read-only, a private /tmp, and no network unless allowed.
 */
export function bubblewrapArguments(workspaceRoot: string, allowNetwork: boolean): string[] {
  return [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--bind',
    workspaceRoot,
    workspaceRoot,
    ...(allowNetwork ? [] : ['--unshare-net']),
    '--unshare-pid',
    '--die-with-parent',
    '--chdir',
    workspaceRoot,
    '--',
  ];
}

/**
 * Checks once that bubblewrap is installed and can start here; throws a clear error when it
 * cannot, so a command that asked for the sandbox never runs without it.
 */
export function assertBubblewrapWorks(binary: string, workspaceRoot: string): void {
  let probe = probes.get(binary);
  probe ??= (() => {
    const run = spawnSync(binary, [...bubblewrapArguments(workspaceRoot, false), 'true'], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    if (run.error) {
      const missing = (run.error as NodeJS.ErrnoException).code === 'ENOENT';
      return {
        ok: false as const,
        reason: missing ? 'bwrap is not installed (Debian package bubblewrap)' : run.error.message,
      };
    }
    return run.status === 0
      ? { ok: true as const }
      : { ok: false as const, reason: (run.stderr || `bwrap exited with ${run.status}`).trim() };
  })();
  probes.set(binary, probe);
  if (!probe.ok) {
    throw new TinyElfError({
      code: 'SANDBOX_UNAVAILABLE',
      message: `The bubblewrap sandbox was asked for but cannot start: ${probe.reason}. The command was not run (it is never run without the sandbox it asked for).`,
    });
  }
}
