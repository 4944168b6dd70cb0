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

/** The most clients whose level is remembered (the oldest is forgotten first). */
const MAX_CLIENTS = 10_000;

/**
 * The levels clients set with `logging/setLevel`, by the session id that tells HTTP clients apart
 * ('' over stdio, or for a client that sends none). Until a client sets one, it gets no log
 * messages.
 */
export class McpLogLevels {
  private readonly levels = new Map<string, LoggingLevel>();

  /** Sets the least severe level a client is sent. */
  set(client: string, level: LoggingLevel): void {
    this.levels.delete(client);
    this.levels.set(client, level);
    if (this.levels.size > MAX_CLIENTS) this.levels.delete(this.levels.keys().next().value ?? '');
  }

  /** Whether a client is sent a message at this level. */
  allows(client: string, level: LoggingLevel): boolean {
    const set = this.levels.get(client);
    return set !== undefined && LEVELS.indexOf(level) >= LEVELS.indexOf(set);
  }
}
