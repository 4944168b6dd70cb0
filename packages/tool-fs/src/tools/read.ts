import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { defineJsonSchemaTool, TinyElfError } from '@tinyelf/core';
import { describeBinary, formatBytes, looksBinary } from '../binary-detection';
import { hashContent } from '../file-state-tracker';
import type { FileSystemServices } from '../file-system-services';
import { numberLines } from '../line-format';
import { describeNonRegular, statOrExplain } from './file-checks';

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
  const { guard, tracker, options } = services;
  return defineJsonSchemaTool<ReadParams>({
    name: 'Read',
    description:
      'Reads a text file and returns it with line numbers (like `cat -n`). Without offset/limit it shows the whole file up to 128 KB; use offset (first line, 1-based) and limit (line count) to read a part of a large file. Binary files are described, not shown.',
    parameters,
    readOnly: true,
    async execute({ path, offset, limit }) {
      const target = guard.resolve(path);
      const info = await statOrExplain(target.real, path);
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
      if (info.size === 0) return `(The file "${path}" is empty.)`;

      const sample = await readSample(target.real);
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
        const buffer = await readFile(target.real);
        tracker.record(target.real, {
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
      tracker.record(target.real, { size: info.size, modifiedMs: info.mtimeMs });
      return streamRange(
        path,
        target.real,
        offset ?? 1,
        limit ?? options.defaultReadLimit,
        options.maxLineLength,
      );
    },
  });
}

async function readSample(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
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
  realPath: string,
  offset: number,
  limit: number,
  maxLineLength: number,
): Promise<string> {
  const stream = createReadStream(realPath, { encoding: 'utf8', highWaterMark: 1 << 16 });
  const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const kept: string[] = [];
  let lineNumber = 0;
  let more = false;
  try {
    for await (const line of reader) {
      lineNumber++;
      if (lineNumber < offset) continue;
      if (kept.length === limit) {
        more = true;
        break;
      }
      kept.push(lineNumber === 1 ? stripBom(line) : line);
    }
  } finally {
    reader.close();
    stream.destroy();
  }
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
