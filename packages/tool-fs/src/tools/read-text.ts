import { TinyElfError } from '@tinyelf/core';
import { formatBytes } from '../binary-detection';
import { readAt, readWhole } from '../descriptor-read';
import { type FileStateTracker, hashContent } from '../file-state-tracker';
import type { ResolvedFileSystemOptions } from '../file-system-services';
import { numberLines } from '../line-format';
import type { OpenedFile } from '../media/opened-file';

/**
 * A text file with line numbers: the whole file (cut after `readMaxBytes`), a range of lines, or
 * for a file over `readRefuseBytes` a range streamed from the descriptor. Records the read.
 */
export async function readText(
  { path, real, descriptor, info }: OpenedFile,
  { offset, limit }: { readonly offset?: number; readonly limit?: number },
  options: ResolvedFileSystemOptions,
  tracker: FileStateTracker,
): Promise<string> {
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

/** The text without a leading byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The lines of a text (LF or CRLF), without an empty one after a final newline. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** The whole text with line numbers, cut at a line after `maxBytes` with a note on reading on. */
export function showWhole(
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

/** Lines `offset` to `offset + limit - 1` with numbers, and a note when more follow. */
export function showRange(
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

/** A range of a file too large to hold, read line by line from the descriptor. */
export async function streamRange(
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
