import { codeRunningFileWarning, type RiskWarning } from '@tinyelf/core';

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
