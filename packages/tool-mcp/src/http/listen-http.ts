import type { Server } from 'node:http';
import { isIP } from 'node:net';
import { TinyElfError } from '@tinyelf/core';

/** Whether an address is a loopback one a server may serve without a token on. */
export function isLoopbackAddress(address: string): boolean {
  return address === '127.0.0.1' || address === '::1';
}

/** `http://<address>:<port>`, with an IPv6 address in brackets. */
export function originOf(address: string, port: number): string {
  return `http://${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
}

/**
 * Starts an HTTP server listening; a port in use or an address this machine does not have is a
 * one-line `MCP_HTTP_LISTEN_FAILED` error naming the address and port, not a stack trace.
 */
export async function listenHttp(server: Server, port: number, address: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, address, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
    throw new TinyElfError({
      code: 'MCP_HTTP_LISTEN_FAILED',
      message:
        code === 'EADDRINUSE'
          ? `Port ${port} is already in use (${where}); stop what is using it or choose another port.`
          : code === 'EADDRNOTAVAIL'
            ? `This machine has no address ${address} to listen on (${where}).`
            : code === 'EACCES'
              ? `Listening on ${where} is not permitted (ports below 1024 need privileges).`
              : `Could not listen on ${where}: ${(error as Error).message}`,
      cause: error,
    });
  }
}
