/**
 * Permission rules as configuration writes them, in the specifier syntax of Claude Code:
 * `Tool`, `Tool(specifier)` (`Bash(npm run test:*)`, `Read(./secrets/**)`,
 * `WebFetch(domain:example.com)`, `mcp__github__*`). Deny wins over ask, ask over allow.
 */
export interface PermissionRulesConfig {
  /** Calls that run without asking (unless a risk warning or a deny/ask rule applies). */
  readonly allow?: readonly string[];
  /** Calls that always ask the user first. */
  readonly ask?: readonly string[];
  /** Calls that are refused, whatever the mode. */
  readonly deny?: readonly string[];
}
