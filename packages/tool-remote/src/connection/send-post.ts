import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

// Connections are kept alive and reused across requests (idle ones do not keep the process up).
const httpAgent = new HttpAgent({ keepAlive: true });
const httpsAgent = new HttpsAgent({ keepAlive: true });

/**
 * POSTs a JSON body with `node:http(s)` over a kept-alive connection and resolves to the response
 * once its headers arrive; rejects when the connection fails or `signal` fires. (`fetch` costs
 * several times the CPU per request on Node 20, which a loopback round trip feels.)
 */
export function sendPost(
  target: { readonly url: string; readonly headers: Readonly<Record<string, string>> },
  body: string,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage> {
  const secure = target.url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      target.url,
      {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        signal,
        headers: {
          ...target.headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(body),
        },
      },
      resolve,
    );
    // Kept for the whole exchange: a socket error after the headers must not go unhandled.
    request.on('error', reject);
    request.end(body);
  });
}
