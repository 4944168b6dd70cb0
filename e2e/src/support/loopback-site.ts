import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 answering with `handler`; `close()` ends every connection. */
export async function startLoopbackSite(
  handler: RequestListener,
): Promise<{ origin: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small article page, as WebFetch would find on the web. */
export const ARTICLE_HTML = `<!doctype html><html><head><title>Elf logistics</title></head>
<body><nav>Home | About</nav><article><h1>Elf logistics</h1>
<p>The elves ship every parcel on Friday, from the northern depot, by reindeer.</p>
<p>Parcels that miss Friday wait a week; nobody likes that, least of all the reindeer.</p>
</article><footer>(c) North Pole</footer></body></html>`;
