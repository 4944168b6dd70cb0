/** Where the framework reports what happened during a build or a call (never to the model). */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
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
