import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { RequestId } from './in-flight-requests';
import type { ConnectableMcpServer, McpHttpClient } from './stateless-mcp-http-server';

/** Where an answer to one request the shared server got goes: its POST, under the client's id. */
interface Route {
  readonly exchange: Transport;
  readonly id: RequestId;
}

/** True for an answer (a result or an error) to a request. */
function isAnswer(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return 'id' in message && ('result' in message || 'error' in message);
}

/**
 * One SDK server connected once and shared by every POST, through a transport that renumbers the
 * requests: each request a POST carries gets an id of the shared server's own (clients all count
 * from 1, and concurrent POSTs must not mix), and its answer and notifications go back to that
 * POST under the client's id. Cancellation and a POST's end (a client gone) abort that POST's
 * handlers only.
 */
class SharedMcpServerMux {
  private readonly routes = new Map<number, Route>();
  private next = 0;
  private readonly shared: Transport = {
    start: async () => {},
    close: async () => {
      this.shared.onclose?.();
    },
    send: async (message, options) => this.route(message, options),
  };
  private readonly connected: Promise<void>;

  constructor(server: ConnectableMcpServer) {
    this.connected = server.connect(this.shared);
  }

  /** Takes a POST's transport the way a server's `connect` does: its messages go to the shared server. */
  async attach(exchange: Transport): Promise<void> {
    await this.connected;
    // The client's id of each of this POST's requests, by the shared server's id.
    const ours = new Map<RequestId, number>();
    exchange.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) =>
      this.forward(exchange, ours, message, extra);
    exchange.onclose = () => {
      // The POST ended (answered, or its client went away): abort what still runs of it.
      for (const [id, internal] of ours) {
        if (!this.routes.delete(internal)) continue;
        this.shared.onmessage?.({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: internal, reason: `The request ${String(id)} ended.` },
        });
      }
      ours.clear();
    };
    await exchange.start();
  }

  private forward(
    exchange: Transport,
    ours: Map<RequestId, number>,
    message: JSONRPCMessage,
    extra: MessageExtraInfo | undefined,
  ): void {
    if ('method' in message && 'id' in message) {
      const internal = ++this.next;
      ours.set(message.id, internal);
      this.routes.set(internal, { exchange, id: message.id });
      this.shared.onmessage?.({ ...message, id: internal }, extra);
      return;
    }
    if ('method' in message && message.method === 'notifications/cancelled') {
      // Only the POST's own requests can be aborted through it (others' go by InFlightRequests).
      const params = message.params as { requestId?: RequestId; reason?: string } | undefined;
      const internal = params?.requestId === undefined ? undefined : ours.get(params.requestId);
      if (internal === undefined) return;
      this.shared.onmessage?.({ ...message, params: { ...params, requestId: internal } }, extra);
      return;
    }
    // A client's answer can only be to a request of the shared server's, which sends none a POST
    // could answer (a server of its own per POST had none either): never another client's.
    if (isAnswer(message)) return;
    this.shared.onmessage?.(message, extra);
  }

  /** Sends what the shared server wrote to the POST of the request it answers or belongs to. */
  private async route(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isAnswer(message)) {
      const internal = message.id as number;
      const route = this.routes.get(internal);
      if (!route) return;
      this.routes.delete(internal);
      await route.exchange.send({ ...message, id: route.id } as JSONRPCMessage);
      return;
    }
    const related = options?.relatedRequestId;
    const route = related === undefined ? undefined : this.routes.get(related as number);
    // A stateless server has no stream for messages outside a request: they are dropped.
    if (!route) return;
    await route.exchange.send(message, { ...options, relatedRequestId: route.id });
  }
}

/**
 * Serves every POST with one SDK server instead of a new one per request: `create` is called once
 * for the shared server (connected at once), and again for each `initialize` request, which gets
 * a server of its own (so one client's capabilities never become another's). Use it as a
 * {@link StatelessMcpHttpServerOptions.serverFor} factory when the server keeps no state per
 * connection: a handler tells clients apart by the `mcp-session-id` header of
 * `extra.requestInfo` (the validated client id, '' when none).
 */
export function shareMcpServer(
  create: () => ConnectableMcpServer,
): (client: McpHttpClient) => ConnectableMcpServer {
  const mux = new SharedMcpServerMux(create());
  const handle: ConnectableMcpServer = {
    connect: (transport) => mux.attach(transport),
    close: async () => {},
  };
  return (client) => (client.initializing ? create() : handle);
}
