import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { TinyElfError } from '@tinyelf/core';
import { BEARER_CHALLENGE, hasBearerToken } from './bearer-authorization';
import { checkMcpPost, isInitialize, loadMcpPostCheckers } from './check-mcp-post';
import { InFlightRequests, type RequestId } from './in-flight-requests';
import { isLoopbackAddress, listenHttp, originOf } from './listen-http';
import { PostExchangeTransport } from './post-exchange-transport';
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from './read-json-body';
import { createRequestOriginGuard } from './request-origin-guard';

/** An SDK server (`Server` or `McpServer`) as far as serving it needs. */
export interface ConnectableMcpServer {
  /** Serves one request's transport. */
  connect(
    transport: import('@modelcontextprotocol/sdk/shared/transport.js').Transport,
  ): Promise<void>;
  /** Ends the server once the request is answered. */
  close(): Promise<void>;
}

/** Which client an HTTP request comes from. */
export interface McpHttpClient {
  /**
   * The `Mcp-Session-Id` the server gave the client in its answer to `initialize` ('' when the
   * client sends none). The server keeps no session state: the id only tells clients apart (for
   * cancellation, and for state such as a log level a server keeps per client).
   */
  readonly sessionId: string;
  /** True for the POST of the client's `initialize` request. */
  readonly initializing: boolean;
}

/** Options of {@link startStatelessMcpHttpServer}. */
export interface StatelessMcpHttpServerOptions {
  /** The server for a request path (`/mcp`, `/mcp/<id>`), a new one per request; undefined for 404. */
  readonly serverFor: (
    path: string,
  ) =>
    | ((client: McpHttpClient) => ConnectableMcpServer | Promise<ConnectableMcpServer>)
    | undefined;
  /** @default a random token */
  readonly token?: string;
  /**
   * False serves without a token: allowed only on a loopback address (`127.0.0.1`, `::1`).
   * @default true
   */
  readonly auth?: boolean;
  /** @default a port the system chooses */
  readonly port?: number;
  /** The address to listen on. @default '127.0.0.1' */
  readonly host?: string;
  /** Host names accepted in `Host` and `Origin` besides the loopback names and the bound address. @default [] */
  readonly allowedHosts?: readonly string[];
  /** Origins (`https://app.example.com`) accepted in `Origin` besides the allowed hosts' own. @default [] */
  readonly allowedOrigins?: readonly string[];
  /** The largest request body read; longer ones get 413. @default 4 MB */
  readonly maxBodyBytes?: number;
  /** The version `GET /healthz` reports. @default '0.0.0' */
  readonly version?: string;
  /** How long `close()` waits for the requests it answered with an error to end. @default 2000 */
  readonly shutdownGraceMs?: number;
}

/** A running server: its base URL, its token, and how to stop it. */
export interface StatelessMcpHttpServer {
  /** `http://127.0.0.1:<port>` (the bound address and port). */
  readonly origin: string;
  /** The bearer token requests must carry; undefined when `auth` is false. */
  readonly token: string | undefined;
  /** How many MCP requests are running. */
  readonly inFlight: number;
  /**
   * Stops listening, answers every request still running with a JSON-RPC error (code -32000)
   * and stops its tool, then ends the open connections.
   */
  close(): Promise<void>;
}

/** The JSON-RPC requests (with an id) and cancellations among a POST's messages. */
function messagesOf(messages: readonly JSONRPCMessage[]): {
  requests: RequestId[];
  cancelled: unknown[];
  initialize: boolean;
} {
  const requests: RequestId[] = [];
  const cancelled: unknown[] = [];
  for (const message of messages) {
    if (!('method' in message)) continue;
    if ('id' in message) requests.push(message.id);
    if (message.method === 'notifications/cancelled')
      cancelled.push((message.params as { requestId?: unknown } | undefined)?.requestId);
  }
  return { requests, cancelled, initialize: messages.some(isInitialize) };
}

/** A session id as the spec allows it: visible ASCII, here up to 128 characters. */
const SESSION_ID_PATTERN = /^[\x21-\x7e]{1,128}$/;

/**
 * Serves MCP over Streamable HTTP, statelessly (each POST with a request gets the server of its
 * path's factory, a fresh one or one shared through `shareMcpServer`, and
 * a `PostExchangeTransport`: one JSON answer, or an SSE stream once the server sends
 * progress or log notifications), on 127.0.0.1 unless told otherwise. In order, a request is: `GET /healthz` answered `ok` with the
 * version (no token); refused with 403 when its `Host` or `Origin` is not allowed (DNS rebinding);
 * 401 with `WWW-Authenticate: Bearer` without the token; 404 on an unknown path; 405 unless POST;
 * 413 over the body limit; then the SDK transport's own checks (406, 415, 400). A POST of
 * notifications only is answered 202 without a server. A `notifications/cancelled`, a closed connection and `close()` stop the
 * request's tool. Used by the builtin MCP bridge and by `tinyelf mcp serve --http`.
 */
export async function startStatelessMcpHttpServer(
  options: StatelessMcpHttpServerOptions,
): Promise<StatelessMcpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const auth = options.auth ?? true;
  if (!auth && !isLoopbackAddress(host))
    throw new TinyElfError({
      code: 'MCP_HTTP_OPTIONS_INVALID',
      message: `Serving without a token is allowed on 127.0.0.1 or ::1 only, not on ${host}.`,
    });
  const checkers = await loadMcpPostCheckers();
  const token = auth ? (options.token ?? randomBytes(24).toString('hex')) : undefined;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const inFlight = new InFlightRequests();
  const guard = createRequestOriginGuard({
    boundAddress: host,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
  });
  let closing = false;
  const fail = (
    response: ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
    code = -32000,
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz' && (request.method === 'GET' || request.method === 'HEAD')) {
      response.writeHead(closing ? 503 : 200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          status: closing ? 'stopping' : 'ok',
          version: options.version ?? '0.0.0',
        }),
      );
    }
    if (closing)
      return fail(response, 503, 'The server is shutting down.', { connection: 'close' });
    const refused = guard(request.headers);
    if (refused) return fail(response, 403, refused);
    if (token !== undefined && !hasBearerToken(request.headers.authorization, token))
      return fail(response, 401, 'A bearer token is required (Authorization: Bearer <token>).', {
        'www-authenticate': request.headers.authorization
          ? `${BEARER_CHALLENGE}, error="invalid_token"`
          : BEARER_CHALLENGE,
      });
    const create = options.serverFor(path);
    if (!create) return fail(response, 404, 'No such MCP server.');
    if (request.method !== 'POST')
      return fail(response, 405, 'This stateless server answers POST only.', { allow: 'POST' });
    const read = await readJsonBody(request, maxBodyBytes);
    if (!read.ok) {
      if (read.status === 413) response.once('finish', () => request.socket.destroy());
      return fail(response, read.status, read.message, { connection: 'close' });
    }
    const checked = checkMcpPost(request.headers, read.body, checkers);
    if (!checked.ok) return fail(response, checked.status, checked.message, {}, checked.code);
    const { messages } = checked;
    const { requests, cancelled, initialize } = messagesOf(messages);
    const given = request.headers['mcp-session-id'];
    let sessionId = typeof given === 'string' && SESSION_ID_PATTERN.test(given) ? given : '';
    if (initialize) {
      // A new client: an id it sends back on every request, so that its cancellations reach its
      // own calls only. Stateless: any instance accepts any id.
      sessionId = randomUUID();
      response.setHeader('mcp-session-id', sessionId);
    }
    for (const id of cancelled) inFlight.cancel(sessionId, id, 'The client cancelled the request.');
    if (requests.length === 0) {
      // Notifications and responses only: nothing to answer, nothing to connect a server for.
      response.writeHead(202).end();
      return;
    }
    const server = await create({ sessionId, initializing: initialize });
    const transport = new PostExchangeTransport(response, requests);
    const ended = new Promise<void>((resolve) => response.once('close', resolve));
    /** Aborts a request's handler the way the SDK does on `notifications/cancelled`. */
    const abort = (id: RequestId, reason: string) =>
      transport.onmessage?.({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason },
      });
    const untrack = requests.map((id) =>
      inFlight.add(sessionId, id, {
        ended,
        cancel: (reason) => {
          abort(id, reason);
          // The aborted request gets no response; a POST that carried only it is ended.
          if (requests.length === 1) transport.abandon();
        },
        fail: async (message) => {
          abort(id, message);
          await transport.send({ jsonrpc: '2.0', id, error: { code: -32000, message } });
        },
      }),
    );
    response.once('close', () => {
      for (const remove of untrack) remove();
      // Closing the transport aborts the handlers still running (a client that went away).
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // Handlers see the client's id as validated (or given by initialize) in `mcp-session-id`.
    transport.deliver(messages, { ...request.headers, 'mcp-session-id': sessionId });
  };
  const http: Server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) fail(response, 500, error.message);
      else response.end();
    });
  });
  await listenHttp(http, options.port ?? 0, host);
  return {
    origin: originOf(host, (http.address() as AddressInfo).port),
    token,
    get inFlight() {
      return inFlight.size;
    },
    close: async () => {
      if (closing) return;
      closing = true;
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      await inFlight.failAll(
        'The server is shutting down; the request was stopped.',
        options.shutdownGraceMs ?? 2000,
      );
      http.closeAllConnections();
      await stopped;
    },
  };
}
