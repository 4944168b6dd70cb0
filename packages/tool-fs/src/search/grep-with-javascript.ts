import { closeSync, fstatSync, readSync } from 'node:fs';
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
    const descriptor = open();
    if (descriptor === undefined) return;
    let text: string;
    let matchLines: number[];
    try {
      const buffer = reader.read(descriptor);
      if (!buffer) return;
      if (literal && buffer.indexOf(literal) === -1) return;
      if (buffer.indexOf(0) !== -1) return;
      text = buffer.toString('utf8');
      matchLines = findMatchingLines(text, lineRegex, scanRegex);
      if (matchLines.length === 0) return;
      const info = fstatSync(descriptor);
      if (!info.isFile()) return;
      if (info.nlink > 1) {
        hardLinked.push(file);
        return;
      }
    } catch {
      return;
    } finally {
      closeSync(descriptor);
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
 * Reads whole open files into one reused buffer (grown as needed): one read for most files,
 * without allocating a new buffer each time. The result is valid until the next read.
 */
class FileReader {
  private buffer = Buffer.allocUnsafe(1 << 16);

  /**
   * The content of an open file from its start; undefined when it cannot be read or is not a
   * regular file (checked with `fstat` once it fills the first buffer, so that a device swapped in
   * is never read without end).
   */
  read(descriptor: number): Buffer | undefined {
    try {
      let length = readSync(descriptor, this.buffer, 0, this.buffer.length, 0);
      if (length < this.buffer.length) return this.buffer.subarray(0, length);
      const info = fstatSync(descriptor);
      if (!info.isFile()) return undefined;
      if (info.size >= this.buffer.length) {
        const grown = Buffer.allocUnsafe(Math.max(info.size + 1, this.buffer.length * 2));
        this.buffer.copy(grown, 0, 0, length);
        this.buffer = grown;
      }
      while (length < this.buffer.length) {
        const read = readSync(descriptor, this.buffer, length, this.buffer.length - length, length);
        if (read === 0) break;
        length += read;
      }
      return this.buffer.subarray(0, length);
    } catch {
      return undefined;
    }
  }
}
