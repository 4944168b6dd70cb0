import { read, readSync } from 'node:fs';

/** The first `bytes` (8 KB unless told) of the file open as `descriptor`. */
export function readSample(descriptor: number, bytes = 8192): Buffer {
  const buffer = Buffer.alloc(bytes);
  const bytesRead = readSync(descriptor, buffer, 0, buffer.length, 0);
  return buffer.subarray(0, bytesRead);
}

/** The whole file from its start (it may have grown or shrunk since `fstat`). */
export async function readWhole(descriptor: number, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  let chunk = Buffer.allocUnsafe(Math.max(size + 1, 1 << 16));
  for (;;) {
    const { bytesRead } = await readAt(descriptor, chunk, position);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    position += bytesRead;
    chunk = Buffer.allocUnsafe(1 << 16);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** One read of the open file at `position` into `buffer`. */
export function readAt(
  descriptor: number,
  buffer: Buffer,
  position: number,
): Promise<{ bytesRead: number }> {
  return new Promise((resolve, reject) =>
    read(descriptor, buffer, 0, buffer.length, position, (error, bytesRead) =>
      error ? reject(error) : resolve({ bytesRead }),
    ),
  );
}
