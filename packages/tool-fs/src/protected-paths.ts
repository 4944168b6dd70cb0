import {
  codeRunningFileWarning,
  isWithin,
  type RiskWarning,
  secretFileWarning,
  type WorkspaceGuard,
} from '@tinyelf/core';

/**
 * Risk warnings for writing paths (relative to the workspace, or absolute) that run code or grant
 * permissions, from core's model of sensitive resources (`CODE_RUNNING_FILES`): git hooks and
 * configuration, `.gitmodules`, `.gitattributes`, editor tasks, CI definitions and actions, dev
 * containers, TinyElf's and other coding agents' configuration (`.claude/`, `.cursor/`,
 * `.mcp.json`, ...), shell start-up files, tool rc files that run programs, ssh configuration.
 * Segments are compared without case, trailing dots and spaces, or `:` stream suffixes, since
 * some file systems treat `.GIT`, `.git.` and `.git::$DATA` as `.git`. The Bash classifier gives
 * the same warnings for commands that write these files.
 */
export function protectedPathWarnings(paths: readonly string[]): RiskWarning[] {
  const warnings = new Map<string, RiskWarning>();
  for (const path of paths) {
    const warning = codeRunningFileWarning(path);
    if (warning && !warnings.has(warning.rule)) warnings.set(warning.rule, warning);
  }
  return [...warnings.values()];
}

/**
 * Risk warnings for reading a path whose real location is outside the workspace and holds
 * secrets (core's `SECRET_FILES`: ssh keys, cloud and registry credentials, `.netrc`, other
 * projects' `.env`, `/etc/shadow`, ...): `Reads ~/.aws/credentials, which holds cloud, cluster or
 * container credentials, from outside the workspace.` The Bash classifier gives the same warning
 * for `cat`, `base64`, `cp`, `curl -d @file` and the like. Only matters when the guard lets the
 * path through (`restrictToWorkspace: false`, or an allowed path); a project's own fixtures are
 * never flagged.
 */
export function secretReadWarnings(guard: WorkspaceGuard, path: string): RiskWarning[] {
  let real: string;
  try {
    real = guard.resolve(path).real;
  } catch {
    return [];
  }
  if (isWithin(guard.root, real)) return [];
  const warning = secretFileWarning(real, { shown: path });
  return warning ? [warning] : [];
}
