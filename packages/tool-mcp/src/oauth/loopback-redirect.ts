import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A one-shot HTTP server on 127.0.0.1 that receives the authorization server's redirect. */
export interface LoopbackRedirect {
  /** The redirect URL to register and send: `http://127.0.0.1:<port>/callback`. */
  readonly url: string;
  /**
   * The authorization code of the redirect whose `state` matches, within `timeoutMs`; an error
   * redirect (`error=access_denied`, ...) or a wrong state rejects.
   */
  code(state: string, timeoutMs: number): Promise<string>;
  /** Stops listening. */
  close(): Promise<void>;
}

const page = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>TinyElf</title><p>${text}</p>`;

/** Listens on 127.0.0.1 (the given port, else one the system picks) for the redirect. */
export async function startLoopbackRedirect(port = 0): Promise<LoopbackRedirect> {
  let deliver: ((query: URLSearchParams) => void) | undefined;
  const received: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    const failed = url.searchParams.get('error');
    response
      .writeHead(failed ? 400 : 200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        page(
          failed
            ? 'Authorization failed; you can close this page.'
            : 'TinyElf is authorized; you can close this page.',
        ),
      );
    received.push(url.searchParams);
    deliver?.(url.searchParams);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/callback`,
    code(state, timeoutMs) {
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          deliver = undefined;
          reject(new Error(`the authorization was not completed within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        deliver = (query) => {
          if (query.get('state') !== state) return;
          clearTimeout(timer);
          deliver = undefined;
          const error = query.get('error');
          const code = query.get('code');
          if (error || !code) {
            reject(
              new Error(
                `the authorization server refused: ${error ?? 'no code'}${query.get('error_description') ? ` (${query.get('error_description')})` : ''}`,
              ),
            );
          } else resolve(code);
        };
        for (const query of received.splice(0)) deliver?.(query);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
