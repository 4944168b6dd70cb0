/**
 * Whether a transport error means the connection is gone: a stream that broke (the server died or
 * the network dropped), a refused or reset socket, the SDK giving up re-opening a stream, an SSE
 * event source that failed, or a 404 for the session (the server forgot it: re-initialise).
 * A malformed message or a refused request is not.
 */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'SyntaxError' || error.name === 'ZodError') return false;
  if (isSessionGone(error)) return true;
  if (error.constructor.name === 'SseError') return true;
  const text = `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`;
  return /SSE stream disconnected|fetch failed|Failed to reconnect|Maximum reconnection attempts|ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|other side closed|terminated|Connection closed/i.test(
    text,
  );
}

/** Whether the server answered 404 for the session: per the spec, the client starts a new session. */
export function isSessionGone(error: unknown): boolean {
  // A 404 to the optional GET stream is how some servers say they offer none: not a lost session.
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 404 &&
    error.constructor.name === 'StreamableHTTPError' &&
    !error.message.includes('Failed to open SSE stream')
  );
}

/** Whether an error means the server needs the user to authorize this client (OAuth). */
export function isAuthorizationNeeded(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.constructor.name === 'UnauthorizedError' ||
      error.name === 'McpAuthorizationRequiredError' ||
      /\b401\b.*after successful authentication/.test(error.message))
  );
}
