import type { IncomingMessage } from 'node:http';
import { RemoteToolServerError } from './remote-tool-server-error';
import { sendPost } from './send-post';

/** Where and how requests go. */
export interface JsonRpcTarget {
  /** The MCP endpoint, such as `http://10.0.0.5:8080/mcp`. */
  readonly url: string;
  /** Headers sent with every request (authorization, workspace, protocol version). */
  readonly headers: Readonly<Record<string, string>>;
}

/** A JSON-RPC notification the server sent before its answer (progress, logging). */
export interface JsonRpcNotification {
  /** Such as `notifications/progress`. */
  readonly method: string;
  /** The notification's data. */
  readonly params?: Record<string, unknown>;
}

/** Per-request options of {@link postJsonRpc}. */
export interface PostOptions {
  /** Aborts the request; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Fails the request with `REMOTE_CONNECTION_FAILED` when no answer came within this time. */
  readonly timeoutMs?: number;
  /** Gets the notifications the server streams before the answer. */
  readonly onNotification?: (notification: JsonRpcNotification) => void;
}

/**
 * Sends one JSON-RPC message over MCP's Streamable HTTP (a POST answered with JSON or an SSE
 * stream) and resolves to the `result` of the answer, or to undefined for a notification. Every
 * failure becomes a {@link RemoteToolServerError}: unreachable, dropped mid-answer (the stream
 * ends without an answer: the worker died), refused token, load balancer errors, JSON-RPC errors.
 * It never waits on a dead connection: a closed socket fails the request at once.
 */
export async function postJsonRpc(
  target: JsonRpcTarget,
  message: { id?: number; method: string; params?: unknown },
  options: PostOptions = {},
): Promise<Record<string, unknown> | undefined> {
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const signal =
    options.signal && timeout
      ? AbortSignal.any([options.signal, timeout])
      : (options.signal ?? timeout);
  const failed = (detail: string, cause?: unknown) =>
    new RemoteToolServerError({
      code: 'REMOTE_CONNECTION_FAILED',
      url: target.url,
      message: `The remote tool server at ${target.url} ${detail}.`,
      cause,
    });
  const rethrow = (error: unknown, what: string, consequence: string): never => {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout?.aborted) throw failed(`did not answer within ${options.timeoutMs} ms`, error);
    throw failed(`${what} (${networkReason(error)}); ${consequence}`, error);
  };
  let response: IncomingMessage;
  try {
    response = await sendPost(target, JSON.stringify({ jsonrpc: '2.0', ...message }), signal);
  } catch (error) {
    return rethrow(
      error,
      'could not be reached',
      'the call did not run. The next call tries again',
    );
  }
  const status = response.statusCode ?? 0;
  if (status === 401 || status === 403) {
    response.resume();
    throw new RemoteToolServerError({
      code: 'REMOTE_UNAUTHORIZED',
      url: target.url,
      message: `The remote tool server at ${target.url} refused the token (HTTP ${status}); set remote.token to the server's token (TINYELF_MCP_TOKEN where it runs).`,
    });
  }
  if (message.id === undefined) {
    response.resume();
    return undefined;
  }
  let answer: JsonRpcAnswer | undefined;
  try {
    answer = await readAnswer(response, options.onNotification);
  } catch (error) {
    if (error instanceof SyntaxError)
      throw failed(`sent an answer that is not JSON (HTTP ${status})`, error);
    return rethrow(
      error,
      'dropped the connection before answering',
      'the call may not have finished. The next call tries again',
    );
  }
  if (!answer) {
    if (status >= 200 && status < 300)
      throw failed(
        'ended the answer before it was complete; the call may not have finished. The next call tries again',
      );
    throw failed(
      status >= 502 && status <= 504
        ? `is unavailable (HTTP ${status}: no live worker answered); the next call tries again`
        : `answered HTTP ${status}`,
    );
  }
  if (answer.error) {
    throw new RemoteToolServerError({
      code: 'REMOTE_PROTOCOL_ERROR',
      url: target.url,
      message: `The remote tool server at ${target.url} answered ${message.method} with an error (${answer.error.code}): ${answer.error.message}`,
    });
  }
  return answer.result ?? {};
}

/** A JSON-RPC answer. */
interface JsonRpcAnswer {
  readonly id?: unknown;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string };
}

/**
 * The answer: the JSON body itself, or the event of an SSE stream that carries it (notifications
 * before it go to `onNotification`). Undefined when there is none: an SSE stream that ended
 * without one, or a body that is not a JSON-RPC answer (a load balancer's error page).
 */
async function readAnswer(
  response: IncomingMessage,
  onNotification: PostOptions['onNotification'],
): Promise<JsonRpcAnswer | undefined> {
  const type = response.headers['content-type'] ?? '';
  if (!type.includes('text/event-stream')) {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    if (!type.includes('json')) return undefined;
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonRpcAnswer;
    return isAnswer(parsed) ? parsed : undefined;
  }
  const decoder = new TextDecoder();
  let buffered = '';
  let answer: JsonRpcAnswer | undefined;
  // Read to the end (the server ends the stream after the answer), so the connection is reused;
  // a connection lost after the answer came costs nothing.
  try {
    for await (const chunk of response) {
      if (answer) continue;
      buffered += decoder.decode(chunk as Buffer, { stream: true });
      let end = buffered.indexOf('\n\n');
      while (end >= 0 && !answer) {
        const data = eventData(buffered.slice(0, end));
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\n\n');
        if (!data) continue;
        const message = JSON.parse(data) as JsonRpcAnswer | JsonRpcNotification;
        if (isAnswer(message)) answer = message;
        else if (typeof (message as JsonRpcNotification).method === 'string')
          onNotification?.(message as JsonRpcNotification);
      }
    }
  } catch (error) {
    if (!answer) throw error;
  }
  return answer;
}

function isAnswer(message: unknown): message is JsonRpcAnswer {
  return (
    typeof message === 'object' &&
    message !== null &&
    'id' in message &&
    ('result' in message || 'error' in message)
  );
}

/** The `data:` lines of one SSE event, joined. */
function eventData(event: string): string {
  return event
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
}

/** A short reason for a network failure: `connection refused`, `socket closed`... */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EHOSTUNREACH: 'host unreachable',
    ETIMEDOUT: 'connection timed out',
    UND_ERR_SOCKET: 'socket closed',
    UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  };
  return (code && known[code]) ?? cause?.message ?? (error as Error).message ?? String(error);
}
