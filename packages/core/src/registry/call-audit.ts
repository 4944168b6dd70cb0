import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { redactSecrets } from '../security/redact-secrets';

/** Where a registry writes its audit log: one JSON line per call. */
export interface AuditLogOptions {
  /** The file the lines are appended to (its folder is created). */
  readonly file: string;
}

/** One line of the audit log: a call, what decided it, and how it ended. */
export interface AuditEntry {
  /** When the call ended, ISO 8601. */
  readonly time: string;
  /** The id the model gave the call. */
  readonly toolCallId: string;
  /** The tool the model asked for. */
  readonly tool: string;
  /** The agent making the call, when known. */
  readonly agent?: string;
  /** The arguments the call ran with (or was refused with), secrets redacted, long strings cut. */
  readonly params: unknown;
  /**
   * The permission decision: `allow`, `ask` or `deny`; absent when the call ended before it (an
   * unknown tool, invalid arguments, a before-hook's refusal).
   */
  readonly decision?: 'allow' | 'ask' | 'deny';
  /** What the user answered to an `ask`: `approved`, `declined`, or `unasked` without a `confirm`. */
  readonly answer?: 'approved' | 'declined' | 'unasked';
  /** The rule that decided, such as `deny: Bash(git push:*)`. */
  readonly rule?: string;
  /** The hook that refused the call, asked about it, or withheld its result. */
  readonly hook?: string;
  /** The hooks that rewrote the arguments or the result, in order. */
  readonly changedBy?: readonly string[];
  /** Whether the call ended as an error. */
  readonly isError: boolean;
  /** The error's code, such as `PERMISSION_DENIED`. */
  readonly errorCode?: string;
  /** Wall time of the call in milliseconds, hooks and confirmation included. */
  readonly durationMs: number;
}

/** Strings in the logged arguments longer than this are cut (a Write's content, say). */
const MAX_LOGGED_STRING = 1_000;
/** Keys whose values are never logged, whatever they look like. */
const SECRET_KEY = /pass(?:word|wd)?|secret|token|api[_-]?key|authorization|credential/i;

/**
 * Appends one entry as one line. Each line is a single append (`O_APPEND`), so lines from calls
 * running at once never interleave. A log that cannot be written warns once per file and does not
 * fail the call.
 */
export async function writeAuditEntry(options: AuditLogOptions, entry: AuditEntry): Promise<void> {
  const line = `${JSON.stringify(entry)}\n`;
  try {
    await appendFile(options.file, line);
  } catch (error) {
    try {
      await mkdir(dirname(options.file), { recursive: true });
      await appendFile(options.file, line);
    } catch {
      warnOnce(options.file, error);
    }
  }
}

/**
 * The arguments as the audit log shows them: string values with secrets redacted
 * ({@link redactSecrets}) and cut past a thousand characters, values under keys that name secrets
 * (`password`, `token`, `apiKey`, ...) replaced.
 */
export function redactedParams(value: unknown, key = ''): unknown {
  if (key && SECRET_KEY.test(key) && value !== undefined && value !== null) return '[REDACTED]';
  if (typeof value === 'string') {
    const redacted = redactSecrets(value);
    return redacted.length > MAX_LOGGED_STRING
      ? `${redacted.slice(0, MAX_LOGGED_STRING)}... (${redacted.length - MAX_LOGGED_STRING} more characters)`
      : redacted;
  }
  if (Array.isArray(value)) return value.map((item) => redactedParams(item));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, redactedParams(item, name)]),
    );
  return value;
}

const warned = new Set<string>();

function warnOnce(file: string, error: unknown): void {
  if (warned.has(file)) return;
  warned.add(file);
  process.emitWarning(
    `The audit log ${file} cannot be written (${(error as Error).message}); calls go on unlogged.`,
    { code: 'TINYELF_AUDIT_LOG' },
  );
}
