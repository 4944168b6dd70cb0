import { closeSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import picomatch from 'picomatch';
import type { GrepQuery } from './grep-query';
import { toGlobPath } from './list-search-files';
import { fileEntry, type SearchResults } from './search-results';
import type { FileVisitor } from './walk-files';

const regexSpecials = /[\\^$.*+?()[\]{}|]/;

/**
 * Searches files in JavaScript with the same rules as the ripgrep path: line-oriented matching,
 * binary files (a NUL byte) skipped, the include glob applied to the name (or, with a `/`, to the
 * path below the search folder). A literal pattern is looked for in the raw bytes first, so files
 * without it are never decoded. Files are read only through the descriptors `forEachFile` opens
 * (see `walkFolder`), never by path. A matching file with more than one hard link is not shown
 * (another of its names may be outside the workspace) but added to `hardLinked`.
 */
export function grepWithJavaScript(
  query: GrepQuery,
  forEachFile: (visit: FileVisitor) => void,
  folder: string,
  hardLinked: string[],
): SearchResults {
  const flags = query.caseInsensitive ? 'i' : '';
  const lineRegex = new RegExp(query.pattern, flags);
  const scanRegex = new RegExp(query.pattern, `${flags}gm`);
  const literal =
    !query.caseInsensitive && !regexSpecials.test(query.pattern)
      ? Buffer.from(query.pattern, 'utf8')
      : undefined;
  const include = query.include ? picomatch(query.include, { dot: true }) : undefined;
  const includeByPath = query.include?.includes('/') ?? false;
  const results: SearchResults = new Map();
  const reader = new FileReader();

  forEachFile((file, open) => {
    if (include && !include(includeByPath ? toGlobPath(folder, file) : basename(file))) return;
    const opened = open();
    if (!opened) return;
    let buffer: Buffer | undefined;
    try {
      buffer = reader.read(opened.descriptor, opened.info.size);
    } finally {
      closeSync(opened.descriptor);
    }
    if (!buffer) return;
    if (literal && buffer.indexOf(literal) === -1) return;
    if (buffer.indexOf(0) !== -1) return;
    const text = buffer.toString('utf8');
    const matchLines = findMatchingLines(text, lineRegex, scanRegex);
    if (matchLines.length === 0) return;
    if (opened.info.nlink > 1) {
      hardLinked.push(file);
      return;
    }
    const entry = fileEntry(results, file);
    entry.matchCount = matchLines.length;
    if (query.mode !== 'content') return;
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const matchSet = new Set(matchLines);
    for (const number of matchLines) {
      const from = Math.max(1, number - query.context);
      const to = Math.min(lines.length, number + query.context);
      for (let line = from; line <= to && entry.lines.size < query.perFileLimit; line++) {
        if (!entry.lines.has(line)) {
          entry.lines.set(line, {
            text: lines[line - 1]!.replace(/\r$/, ''),
            isMatch: matchSet.has(line),
          });
        }
      }
    }
  });
  return results;
}

/** The 1-based numbers of the lines on which the pattern matches (each line tested alone). */
function findMatchingLines(text: string, lineRegex: RegExp, scanRegex: RegExp): number[] {
  const found: number[] = [];
  let lineNumber = 1;
  let counted = 0;
  scanRegex.lastIndex = 0;
  while (scanRegex.lastIndex <= text.length) {
    const match = scanRegex.exec(text);
    if (!match) break;
    const lineStart = text.lastIndexOf('\n', match.index - 1) + 1;
    let lineEnd = text.indexOf('\n', match.index);
    if (lineEnd === -1) lineEnd = text.length;
    for (
      let index = text.indexOf('\n', counted);
      index !== -1 && index < lineStart;
      index = text.indexOf('\n', index + 1)
    ) {
      lineNumber++;
      counted = index + 1;
    }
    if (lineStart === text.length && lineStart > 0) break;
    if (lineRegex.test(text.slice(lineStart, lineEnd).replace(/\r$/, ''))) found.push(lineNumber);
    scanRegex.lastIndex = lineEnd + 1;
  }
  return found;
}

/**
 * Reads whole open files into one reused buffer (grown as needed): usually one read per file,
 * without allocating a new buffer each time. The result is valid until the next read.
 */
class FileReader {
  private buffer = Buffer.allocUnsafe(1 << 16);

  /** The content of an open file from its start (`size` from its `fstat`, a hint). */
  read(descriptor: number, size: number): Buffer | undefined {
    try {
      if (size >= this.buffer.length)
        this.buffer = Buffer.allocUnsafe(Math.max(size + 1, this.buffer.length * 2));
      let length = 0;
      for (;;) {
        if (length === this.buffer.length) {
          const grown = Buffer.allocUnsafe(this.buffer.length * 2);
          this.buffer.copy(grown, 0, 0, length);
          this.buffer = grown;
        }
        const wanted = this.buffer.length - length;
        const read = readSync(descriptor, this.buffer, length, wanted, length);
        length += read;
        if (read < wanted) break; // a short read of a regular file: its end
      }
      return this.buffer.subarray(0, length);
    } catch {
      return undefined;
    }
  }
}
