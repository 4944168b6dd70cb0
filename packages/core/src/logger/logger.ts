/** Where the framework reports what happened during a build or a call (never to the model). */
export interface Logger {
  /** Detail for whoever debugs a build (plugin timings, skipped steps). */
  debug(message: string, details?: Record<string, unknown>): void;
  /** Normal progress (a server connected, a plugin added). */
  info(message: string, details?: Record<string, unknown>): void;
  /** Something degraded but the build goes on (an optional plugin failed). */
  warn(message: string, details?: Record<string, unknown>): void;
  /** Something failed that the user should act on. */
  error(message: string, details?: Record<string, unknown>): void;
}

/** A logger that drops everything. */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/** A logger that writes to the console (stderr for every level, so stdout stays clean). */
export function createConsoleLogger(prefix = 'tinyelf'): Logger {
  const write = (level: string) => (message: string, details?: Record<string, unknown>) =>
    console.error(`[${prefix}] ${level}: ${message}`, ...(details ? [details] : []));
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
