import { readFile, stat } from 'node:fs/promises';
import { defineJsonSchemaTool, TinyElfError } from '@tinyelf/core';
import { writeFileAtomically } from '../atomic-write';
import { formatBytes, looksBinary } from '../binary-detection';
import { withFileLock } from '../file-locks';
import { hashContent } from '../file-state-tracker';
import type { FileSystemServices } from '../file-system-services';
import { numberLines } from '../line-format';
import { findClosestRegion } from './closest-region';
import { describeNonRegular, statOrExplain } from './file-checks';
import { writeWarnings } from './write';

/** The tool's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface EditParams {
  readonly path: string;
  readonly old_string: string;
  readonly new_string: string;
  readonly replace_all?: boolean;
}

const parameters = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      description: 'The file to edit, relative to the workspace or absolute.',
    },
    old_string: {
      type: 'string',
      description: 'The exact text to replace (whitespace and indentation included).',
    },
    new_string: { type: 'string', description: 'The text to put in its place.' },
    replace_all: {
      type: 'boolean',
      description: 'Replace every occurrence instead of exactly one.',
      default: false,
    },
  },
  required: ['path', 'old_string', 'new_string'],
};

const contextLines = 3;
const regionsShown = 5;

/** The Edit tool: exact string replacement, atomic, refusing files changed since they were read. */
export function createEditTool(services: FileSystemServices) {
  const { guard, tracker, options } = services;
  return defineJsonSchemaTool<EditParams>({
    name: 'Edit',
    description:
      'Replaces exact text in a file: old_string must occur exactly once (add surrounding lines to make it unique) unless replace_all is true. Line endings (CRLF) and a byte-order mark are kept. Returns the edited lines. Read the file first; an edit of a file that changed on disk since it was read is refused.',
    parameters,
    assessRisk: ({ path }) => writeWarnings(services, path),
    async execute({ path, old_string: oldString, new_string: newString, replace_all: replaceAll }) {
      if (oldString === newString) {
        throw new TinyElfError({
          code: 'EDIT_NO_CHANGE',
          message: 'old_string and new_string are the same; there is nothing to change.',
        });
      }
      if (oldString === '') {
        throw new TinyElfError({
          code: 'EDIT_EMPTY_OLD_STRING',
          message:
            'old_string is empty; give the exact text to replace, or use Write to create or replace a whole file.',
        });
      }
      const { real } = guard.resolveForWrite(path);
      // One write of this file at a time: the read, the check and the write below see no other.
      return withFileLock(real, () => edit(real, path, oldString, newString, replaceAll ?? false));
    },
  });

  /** Replaces `oldString` in the resolved file `real` (`path` as the model gave it, for messages). */
  async function edit(
    real: string,
    path: string,
    oldString: string,
    newString: string,
    replaceAll: boolean,
  ): Promise<string> {
    const info = await statOrExplain(real, path);
    if (!info.isFile()) {
      throw new TinyElfError({
        code: 'NOT_A_FILE',
        message: `"${path}" is ${describeNonRegular(info)}; only regular files can be edited.`,
      });
    }
    if (info.size > options.editMaxBytes) {
      throw new TinyElfError({
        code: 'FILE_TOO_LARGE',
        message: `"${path}" is ${formatBytes(info.size)}, more than the ${formatBytes(options.editMaxBytes)} Edit handles.`,
      });
    }
    const buffer = await readFile(real);
    const known = tracker.get(real);
    if (
      known &&
      (known.hash
        ? known.hash !== hashContent(buffer)
        : known.size !== info.size || known.modifiedMs !== info.mtimeMs)
    ) {
      throw changedOnDisk(path);
    }
    if (looksBinary(buffer.subarray(0, 8192))) {
      throw new TinyElfError({
        code: 'NOT_A_TEXT_FILE',
        message: `"${path}" looks like a binary file; Edit changes text files only.`,
      });
    }

    let text = buffer.toString('utf8');
    const bom = text.charCodeAt(0) === 0xfeff;
    if (bom) text = text.slice(1);
    const crlf = text.includes('\r\n');
    if (crlf) text = text.replace(/\r\n/g, '\n');
    const search = oldString.replace(/\r\n/g, '\n');
    const replacement = newString.replace(/\r\n/g, '\n');

    const positions = findAll(text, search);
    if (positions.length === 0) throw notFound(path, text, search, options.maxLineLength);
    if (positions.length > 1 && !replaceAll) {
      const lines = positions.map((position) => lineOf(text, position));
      throw new TinyElfError({
        code: 'EDIT_NOT_UNIQUE',
        message: `old_string occurs ${positions.length} times in "${path}" (at lines ${lines.join(', ')}). Add surrounding lines to old_string so it matches exactly one place, or set replace_all to true to replace every occurrence.`,
      });
    }

    let edited = '';
    let cursor = 0;
    const newStarts: number[] = [];
    for (const position of positions) {
      edited += text.slice(cursor, position);
      newStarts.push(edited.length);
      edited += replacement;
      cursor = position + search.length;
    }
    edited += text.slice(cursor);

    let output = crlf ? edited.replace(/\n/g, '\r\n') : edited;
    if (bom) output = `\ufeff${output}`;
    const bytes = Buffer.from(output, 'utf8');
    // Another process may have written the file since it was read: then nothing is replaced.
    const original = hashContent(buffer);
    await writeFileAtomically(
      real,
      bytes,
      (candidate) => guard.isAllowed(candidate),
      async () => {
        const now = await readFile(real).catch(() => undefined);
        if (!now || hashContent(now) !== original) throw changedOnDisk(path);
      },
    );
    const written = await stat(real);
    tracker.record(real, {
      hash: hashContent(bytes),
      size: written.size,
      modifiedMs: written.mtimeMs,
    });

    const editedLines = edited.split('\n');
    if (editedLines.length > 1 && editedLines.at(-1) === '') editedLines.pop();
    const regions = newStarts.slice(0, regionsShown).map((start) => {
      const first = lineOf(edited, start);
      const last = lineOf(edited, start + Math.max(0, replacement.length - 1));
      const from = Math.max(1, first - contextLines);
      const to = Math.min(editedLines.length, last + contextLines);
      return numberLines(editedLines.slice(from - 1, to), from, options.maxLineLength);
    });
    const count = positions.length;
    const more =
      count > regionsShown ? `\n\n(${count - regionsShown} more replacements not shown.)` : '';
    return `Edited ${guard.display(real)}: replaced ${count} occurrence${count === 1 ? '' : 's'}. The edited lines now read:\n${regions.join('\n...\n')}${more}`;
  }
}

function changedOnDisk(path: string): TinyElfError {
  return new TinyElfError({
    code: 'FILE_CHANGED_ON_DISK',
    message: `"${path}" changed on disk since it was last read or written here; Read it again before editing, so the edit is based on its current content.`,
  });
}

function findAll(text: string, search: string): number[] {
  const positions: number[] = [];
  for (
    let index = text.indexOf(search);
    index !== -1;
    index = text.indexOf(search, index + search.length)
  ) {
    positions.push(index);
  }
  return positions;
}

function lineOf(text: string, position: number): number {
  let line = 1;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < position;
    index = text.indexOf('\n', index + 1)
  )
    line++;
  return line;
}

function notFound(path: string, text: string, search: string, maxLineLength: number): TinyElfError {
  const region = findClosestRegion(text.split('\n'), search);
  const hint = region
    ? ` The closest match is at line ${region.firstLine}:\n${numberLines(region.lines, region.firstLine, maxLineLength)}\nCheck whitespace, indentation and line breaks, or Read the file again.`
    : ' Nothing in the file resembles it; Read the file again to see its current content.';
  return new TinyElfError({
    code: 'EDIT_NOT_FOUND',
    message: `old_string was not found in "${path}".${hint}`,
  });
}
