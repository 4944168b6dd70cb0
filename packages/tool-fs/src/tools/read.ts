import { closeSync, read, readSync, type Stats } from 'node:fs';
import { defineJsonSchemaTool, TinyElfError } from '@tinyelf/core';
import { describeBinary, formatBytes, looksBinary } from '../binary-detection';
import { hashContent } from '../file-state-tracker';
import type { FileSystemServices } from '../file-system-services';
import { numberLines } from '../line-format';
import { secretReadWarnings } from '../protected-paths';
import { describeNonRegular } from './file-checks';

/** The tool's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface ReadParams {
  readonly path: string;
  readonly offset?: number;
  readonly limit?: number;
}

const parameters = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      description: 'The file to read, relative to the workspace or absolute.',
    },
    offset: { type: 'integer', minimum: 1, description: 'The first line to show (1-based).' },
    limit: { type: 'integer', minimum: 1, description: 'How many lines to show.' },
  },
  required: ['path'],
};

/** The Read tool: a file with line numbers, a range of a large one streamed. */
export function createReadTool(services: FileSystemServices) {
  const { guard, tracker, options, hardLinks } = services;
  return defineJsonSchemaTool<ReadParams>({
    name: 'Read',
    description:
      'Reads a text file and returns it with line numbers (like `cat -n`). Without offset/limit it shows the whole file up to 128 KB; use offset (first line, 1-based) and limit (line count) to read a part of a large file. Binary files are described, not shown.',
    parameters,
    readOnly: true,
    assessRisk: ({ path }) => [...hardLinks.assess(path), ...secretReadWarnings(guard, path)],
    async execute({ path, offset, limit }) {
      const { guarded, opened } = guard.open(path, 'file');
      try {
        return await show(guarded.real, opened.descriptor, opened.info, { path, offset, limit });
      } finally {
        closeSync(opened.descriptor);
      }
    },
  });

  /** Shows the file open as `descriptor` (found at `real`); only the descriptor is read. */
  async function show(
    real: string,
    descriptor: number,
    info: Stats,
    { path, offset, limit }: ReadParams,
  ): Promise<string> {
    if (info.isDirectory())
      throw new TinyElfError({
        code: 'IS_A_DIRECTORY',
        message: `"${path}" is a folder, not a file; use ListDir to see what it holds.`,
      });
    if (!info.isFile())
      throw new TinyElfError({
        code: 'NOT_A_FILE',
        message: `"${path}" is ${describeNonRegular(info)}, not a regular file; only regular files can be read.`,
      });
    hardLinks.assertAssessed(info, path);
    if (info.size === 0) return `(The file "${path}" is empty.)`;

    const sample = readSample(descriptor);
    if (looksBinary(sample)) {
      return `"${path}" is ${describeBinary(sample)} (${formatBytes(info.size)}); its content is not shown as text.`;
    }

    const ranged = offset !== undefined || limit !== undefined;
    if (!ranged && info.size > options.readRefuseBytes) {
      throw new TinyElfError({
        code: 'FILE_TOO_LARGE',
        message: `"${path}" is ${formatBytes(info.size)}, more than the ${formatBytes(options.readRefuseBytes)} Read shows at once. Read a part with offset (first line, 1-based) and limit (number of lines), for example offset=1 and limit=${options.defaultReadLimit}, or search it with Grep.`,
      });
    }
    if (info.size <= options.readRefuseBytes) {
      const buffer = await readWhole(descriptor, info.size);
      tracker.record(real, {
        hash: hashContent(buffer),
        size: info.size,
        modifiedMs: info.mtimeMs,
      });
      const text = stripBom(buffer.toString('utf8'));
      return ranged
        ? showRange(
            path,
            splitLines(text),
            offset ?? 1,
            limit ?? options.defaultReadLimit,
            options.maxLineLength,
          )
        : showWhole(path, text, buffer.length, options.readMaxBytes, options.maxLineLength);
    }
    tracker.record(real, { size: info.size, modifiedMs: info.mtimeMs });
    return streamRange(
      path,
      descriptor,
      offset ?? 1,
      limit ?? options.defaultReadLimit,
      options.maxLineLength,
    );
  }
}

function readSample(descriptor: number): Buffer {
  const buffer = Buffer.alloc(8192);
  const bytesRead = readSync(descriptor, buffer, 0, buffer.length, 0);
  return buffer.subarray(0, bytesRead);
}

/** The whole file from its start (it may have grown or shrunk since `fstat`). */
async function readWhole(descriptor: number, size: number): Promise<Buffer> {
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

function readAt(
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

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

function showWhole(
  path: string,
  text: string,
  size: number,
  maxBytes: number,
  maxLineLength: number,
): string {
  if (size <= maxBytes) return numberLines(splitLines(text), 1, maxLineLength);
  const allLines = splitLines(text);
  let bytes = 0;
  let shown = 0;
  while (shown < allLines.length) {
    const lineBytes = Buffer.byteLength(allLines[shown]!, 'utf8') + 1;
    if (bytes + lineBytes > maxBytes && shown > 0) break;
    bytes += lineBytes;
    shown++;
  }
  return `${numberLines(allLines.slice(0, shown), 1, maxLineLength)}\n\n(Showing lines 1-${shown} of ${allLines.length}: the first ${formatBytes(bytes)} of "${path}", which is ${formatBytes(size)}. Read on with offset=${shown + 1} and limit, or search it with Grep.)`;
}

function showRange(
  path: string,
  lines: readonly string[],
  offset: number,
  limit: number,
  maxLineLength: number,
): string {
  if (offset > lines.length) {
    throw new TinyElfError({
      code: 'OFFSET_PAST_END',
      message: `"${path}" has ${lines.length} lines; offset ${offset} is past its end.`,
    });
  }
  const last = Math.min(lines.length, offset + limit - 1);
  const body = numberLines(lines.slice(offset - 1, last), offset, maxLineLength);
  return last < lines.length
    ? `${body}\n\n(Showing lines ${offset}-${last} of ${lines.length}. Read on with offset=${last + 1}.)`
    : body;
}

async function streamRange(
  path: string,
  descriptor: number,
  offset: number,
  limit: number,
  maxLineLength: number,
): Promise<string> {
  const chunk = Buffer.allocUnsafe(1 << 16);
  const kept: string[] = [];
  const keep = (pieces: readonly Buffer[]) => {
    const line = Buffer.concat(pieces).toString('utf8').replace(/\r$/, '');
    kept.push(lineNumber === 1 ? stripBom(line) : line);
  };
  let partial: Buffer[] = [];
  let lineNumber = 1;
  let lineOpen = false;
  let more = false;
  let position = 0;
  reading: for (;;) {
    const { bytesRead } = await readAt(descriptor, chunk, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline === -1 || newline >= bytesRead) {
        if (start < bytesRead) lineOpen = true;
        if (lineNumber >= offset) partial.push(Buffer.from(chunk.subarray(start, bytesRead)));
        break;
      }
      if (lineNumber >= offset) {
        if (kept.length === limit) {
          more = true;
          break reading;
        }
        keep([...partial, chunk.subarray(start, newline)]);
      }
      partial = [];
      lineOpen = false;
      lineNumber++;
      start = newline + 1;
    }
  }
  if (!more && lineOpen && lineNumber >= offset) {
    if (kept.length === limit) more = true;
    else keep(partial);
  }
  if (!lineOpen) lineNumber--;
  if (kept.length === 0) {
    throw new TinyElfError({
      code: 'OFFSET_PAST_END',
      message: `"${path}" has ${lineNumber} lines; offset ${offset} is past its end.`,
    });
  }
  const last = offset + kept.length - 1;
  const body = numberLines(kept, offset, maxLineLength);
  return more
    ? `${body}\n\n(Showing lines ${offset}-${last} of a large file. Read on with offset=${last + 1}.)`
    : body;
}
