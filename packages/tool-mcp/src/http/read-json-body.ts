import type { IncomingMessage } from 'node:http';

/** The largest request body read, as the SDK's own servers allow: 4 MB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A body read as JSON, or the status and reason to refuse it with. */
export type JsonBody =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly status: 400 | 413; readonly message: string };

/**
 * Reads a request body as JSON, refusing one longer than `maxBytes` (413) as soon as its
 * `Content-Length` says so or, without one, as soon as that many bytes have arrived: what was
 * read is dropped and the rest is not read.
 */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  const tooLarge = {
    ok: false,
    status: 413,
    message: `The request body is larger than ${maxBytes} bytes, the most this server reads.`,
  } as const;
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return tooLarge;
  const read = await new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= maxBytes) return void chunks.push(chunk);
      // Stop reading (the connection is closed once the 413 is sent) and drop what was read.
      request.off('data', onData);
      request.pause();
      chunks.length = 0;
      resolve(undefined);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
  if (read === undefined) return tooLarge;
  try {
    return { ok: true, body: JSON.parse(read.toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'The request body is not JSON.' };
  }
}
