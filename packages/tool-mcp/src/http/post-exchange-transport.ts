import type { ServerResponse } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { RequestId } from './in-flight-requests';

/** How often a call still running gets an SSE comment, so proxies keep the connection. */
const KEEP_ALIVE_MS = 15_000;

/**
 * The transport of one Streamable HTTP POST, for a stateless server: the SDK server reads the
 * POST's messages from it and answers through it. The answer is one JSON body (`application/json`,
 * one write) when nothing comes before it; the response becomes an SSE stream as soon as the
 * server sends a notification for a request (progress, log messages) or a call runs longer than
 * the keep-alive interval, as the spec lets a server choose per request. The response ends once
 * every request of the POST is answered.
 *
 * Per request, it does what the SDK's `StreamableHTTPServerTransport` does in stateless mode,
 * without turning Node's request and response into web ones and back (most of a loopback call's
 * cost): the checks of the request (Accept, Content-Type, JSON-RPC shape, protocol version) are
 * the caller's, before the server is connected.
 */
export class PostExchangeTransport implements Transport {
  /** Set by the SDK server on connect. */
  onmessage?: Transport['onmessage'];
  /** Set by the SDK server on connect. */
  onclose?: Transport['onclose'];
  /** Set by the SDK server on connect. */
  onerror?: Transport['onerror'];

  private readonly answers = new Map<RequestId, JSONRPCMessage>();
  private streaming = false;
  private closed = false;
  private keepAlive: ReturnType<typeof setInterval> | undefined;

  /**
   * @param response - the POST's response (headers set on it, such as `mcp-session-id`, are sent)
   * @param requests - the ids of the POST's requests, in order: the ones to answer
   */
  constructor(
    private readonly response: ServerResponse,
    private readonly requests: readonly RequestId[],
  ) {}

  /** Nothing to start: the messages are delivered by {@link PostExchangeTransport.deliver}. */
  async start(): Promise<void> {
    if (this.requests.length === 0) return;
    this.keepAlive = setInterval(() => {
      this.stream();
      this.write(': keepalive\n\n');
    }, KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  /** Hands the POST's messages to the server, with the request's headers. */
  deliver(messages: readonly JSONRPCMessage[], headers: Record<string, unknown>): void {
    for (const message of messages)
      this.onmessage?.(message, {
        requestInfo: { headers: headers as Record<string, string> },
      });
  }

  /** Sends a message the server wrote: an answer to one of the requests, or a notification. */
  async send(message: JSONRPCMessage, options?: { relatedRequestId?: RequestId }): Promise<void> {
    if (this.closed) return;
    const answered = 'id' in message && ('result' in message || 'error' in message);
    const id = answered ? (message as { id: RequestId }).id : options?.relatedRequestId;
    // A stateless server has no stream for messages outside a request: they are dropped.
    if (id === undefined || !this.requests.includes(id)) return;
    if (!answered) {
      this.stream();
      this.write(event(message));
      return;
    }
    if (this.answers.has(id)) return;
    this.answers.set(id, message);
    if (this.streaming) this.write(event(message));
    if (this.answers.size < this.requests.length) return;
    if (this.streaming) this.response.end();
    else {
      const ordered = this.requests.map((request) => this.answers.get(request));
      const body = JSON.stringify(this.requests.length === 1 ? ordered[0] : ordered);
      this.response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      this.response.end(body);
    }
    void this.close();
  }

  /** Ends the response without the answers still missing (their calls were cancelled). */
  abandon(): void {
    if (!this.response.writableEnded) this.response.end();
    void this.close();
  }

  /** Stops the keep-alive and tells the server (which aborts the handlers still running). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    this.onclose?.();
  }

  /** Turns the response into an SSE stream (once), writing the answers already given. */
  private stream(): void {
    if (this.streaming || this.response.headersSent) return;
    this.streaming = true;
    this.response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    for (const answer of this.answers.values()) this.write(event(answer));
  }

  private write(text: string): void {
    if (!this.response.writableEnded && !this.response.destroyed) this.response.write(text);
  }
}

/** One SSE event carrying a JSON-RPC message. */
function event(message: JSONRPCMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}
