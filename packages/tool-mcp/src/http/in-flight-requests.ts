/** A JSON-RPC request id. */
export type RequestId = string | number;

/** How to stop one request in flight: abort its handler, or answer it with an error first. */
export interface InFlightRequest {
  /** Aborts the request's handler (its tool stops); no response is sent. */
  cancel(reason: string): void;
  /** Answers the request with a JSON-RPC error, then aborts its handler. */
  fail(message: string): Promise<void>;
  /** Resolves once the request's HTTP response has ended. */
  readonly ended: Promise<void>;
}

/**
 * The requests a stateless server is running, by client and JSON-RPC id, across the HTTP requests
 * that carry them: a `notifications/cancelled` arrives in a POST of its own, and shutting down must
 * reach every request still running. The client is the `Mcp-Session-Id` the server gave it at
 * initialize ('' for a client that sends none).
 */
export class InFlightRequests {
  private readonly byId = new Map<string, Set<InFlightRequest>>();

  /** Tracks a request until the returned function is called. */
  add(client: string, id: RequestId, request: InFlightRequest): () => void {
    const key = JSON.stringify([client, id]);
    const set = this.byId.get(key) ?? new Set();
    set.add(request);
    this.byId.set(key, set);
    return () => {
      set.delete(request);
      if (set.size === 0 && this.byId.get(key) === set) this.byId.delete(key);
    };
  }

  /** Cancels this client's requests in flight with this id; true when there was one. */
  cancel(client: string, id: unknown, reason: string): boolean {
    const set = this.byId.get(JSON.stringify([client, id]));
    for (const request of set ?? []) request.cancel(reason);
    return Boolean(set?.size);
  }

  /** How many requests are in flight. */
  get size(): number {
    let count = 0;
    for (const set of this.byId.values()) count += set.size;
    return count;
  }

  /**
   * Answers every request in flight with an error and aborts it; resolves when their responses
   * have ended, or after `graceMs`.
   */
  async failAll(message: string, graceMs: number): Promise<void> {
    const requests = [...this.byId.values()].flatMap((set) => [...set]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled(
        requests.map(async (request) => {
          await request.fail(message);
          await request.ended;
        }),
      ),
      new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
  }
}
