import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** What a raw HTTP exchange gave: the status, the headers and the whole body as text. */
export interface RawHttpResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/**
 * One request with `node:http`, headers exactly as given (no `Host` added when `host: null`), so
 * tests can send what a browser, an attacker or a broken client would.
 */
export function rawHttp(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string | number | null>;
    body?: string | Buffer;
  } = {},
): Promise<RawHttpResponse> {
  const target = new URL(url);
  const headers = Object.fromEntries(
    Object.entries(options.headers ?? {}).filter(([, value]) => value !== null),
  ) as Record<string, string | number>;
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? 'POST',
        headers,
        setHost: !Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'host'),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** A JSON-RPC `initialize` request body, as an MCP client sends first. */
export const INITIALIZE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw-http', version: '1.0.0' },
  },
});

/** The headers a Streamable HTTP POST needs besides authorization. */
export const MCP_POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
} as const;
