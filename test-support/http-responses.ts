import type { ServerResponse } from 'node:http';

/** Answers 200 text/plain with a body that never ends: it writes as fast as the client reads. */
export function sendEndlessBody(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/plain' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const write = () => {
    while (response.write(chunk)) {
      // keep the socket full until the client stops reading
    }
  };
  response.on('drain', write);
  response.on('error', () => undefined);
  write();
}
