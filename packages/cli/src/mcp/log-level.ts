import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';

/** The MCP log levels, least severe first. */
const LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/**
 * The level a client set with `logging/setLevel`. The HTTP server is stateless (no sessions), so
 * the level is the server's: every client holding the token shares it. Until one is set, no log
 * messages are sent.
 */
export class McpLogLevel {
  private level: LoggingLevel | undefined;

  /** Sets the least severe level sent. */
  set(level: LoggingLevel): void {
    this.level = level;
  }

  /** Whether a message at this level is sent. */
  allows(level: LoggingLevel): boolean {
    return this.level !== undefined && LEVELS.indexOf(level) >= LEVELS.indexOf(this.level);
  }
}
