import { closeSync, readSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { WorkspaceGuard } from '@tinyelf/core';
import type { FileMatches, SearchResults } from './search-results';
import { openExactFolder } from './walk-files';

/**
 * Keeps only what ripgrep reported that the file inside the workspace really holds. ripgrep is a
 * separate process that walks by path, so a folder swapped for a symbolic link while it runs can
 * make it read outside files and report them under inside names. Each reported file is therefore
 * opened again through a descriptor of its folder (the folder's real location must be exactly
 * where ripgrep said, checked through the descriptor; the file is opened without following links)
 * and every line ripgrep returned (match or context, and a hash of each match line not shown) is
 * compared with that line of the file. A file whose lines differ (it changed or was swapped) is
 * dropped, so every byte, name and count shown comes from a file checked to be inside. A
 * matching file with more than one hard link is dropped and added to `hardLinked`.
 */
export function verifyRipgrepResults(
  results: SearchResults,
  guard: WorkspaceGuard,
  hardLinked: string[],
): SearchResults {
  const byFolder = new Map<string, string[]>();
  for (const file of results.keys()) {
    const folder = dirname(file);
    const files = byFolder.get(folder);
    if (files) files.push(file);
    else byFolder.set(folder, [file]);
  }
  const verified: SearchResults = new Map();
  const reader = new LineReader();
  for (const [location, files] of byFolder) {
    if (!guard.permits(location)) continue;
    const folder = openExactFolder(location);
    if (!folder) continue;
    try {
      for (const file of files) {
        const opened = folder.openFile(basename(file));
        if (!opened) continue;
        try {
          const entry = results.get(file)!;
          if (opened.info.nlink > 1) hardLinked.push(file);
          else if (reader.holds(opened.descriptor, entry)) verified.set(file, entry);
        } finally {
          closeSync(opened.descriptor);
        }
      }
    } finally {
      folder.close();
    }
  }
  return verified;
}

/** A 32-bit FNV-1a hash of a line, for match lines ripgrep reported but Grep does not show. */
export function hashLine(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Reads the numbered lines of an open file, from its start, only as far as needed. */
class LineReader {
  private readonly chunk = Buffer.allocUnsafe(1 << 16);

  /** Whether every line recorded in `entry` is what the file holds at that line number. */
  holds(descriptor: number, entry: FileMatches): boolean {
    const checks = new Map<number, (text: string) => boolean>();
    for (const [number, line] of entry.lines) checks.set(number, (text) => text === line.text);
    for (const [number, hash] of entry.unshownMatches ?? [])
      checks.set(number, (text) => hashLine(text) === hash);
    let remaining = checks.size;
    let lineNumber = 1;
    let partial: Buffer[] = [];
    let position = 0;
    const check = (bytes: Buffer): boolean => {
      const test = checks.get(lineNumber)!;
      remaining--;
      return test(bytes.toString('utf8').replace(/\r$/, ''));
    };
    while (remaining > 0) {
      let read: number;
      try {
        read = readSync(descriptor, this.chunk, 0, this.chunk.length, position);
      } catch {
        return false;
      }
      if (read === 0) {
        if (partial.length > 0 && checks.has(lineNumber) && !check(Buffer.concat(partial)))
          return false;
        return remaining === 0;
      }
      position += read;
      let start = 0;
      for (;;) {
        const newline = this.chunk.indexOf(10, start);
        if (newline === -1 || newline >= read) {
          if (checks.has(lineNumber)) partial.push(Buffer.from(this.chunk.subarray(start, read)));
          break;
        }
        if (checks.has(lineNumber)) {
          const line = this.chunk.subarray(start, newline);
          if (!check(partial.length > 0 ? Buffer.concat([...partial, line]) : line)) return false;
          if (remaining === 0) return true;
        }
        partial = [];
        lineNumber++;
        start = newline + 1;
      }
    }
    return true;
  }
}
