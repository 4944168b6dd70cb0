import { TinyElfError, type ToolOutput } from '@tinyelf/core';
import type { FileStateTracker } from '../file-state-tracker';
import { stripBom } from '../tools/read-text';
import { addOutput, collectParts, joinedText, type NotebookOutput } from './notebook-outputs';
import { type OpenedFile, readRecorded } from './opened-file';
import type { ImageLimits } from './read-image';

/** How much of a notebook Read shows. */
export interface NotebookLimits {
  /** The limits of each image output. */
  readonly image: ImageLimits;
  /** The most image outputs shown as images; later ones are described. */
  readonly maxImages: number;
  /** Lines longer than this are shortened. */
  readonly maxLineLength: number;
}

interface NotebookCell {
  readonly cell_type?: unknown;
  readonly source?: unknown;
  readonly execution_count?: unknown;
  readonly outputs?: unknown;
}

/**
 * A Jupyter notebook's cells in order, each headed `[cell N: markdown|code|raw]`, with code
 * outputs (streams, results, displays, errors without terminal codes) as text and image outputs
 * as image parts. A file that is not a notebook gets `NOTEBOOK_INVALID` naming the problem.
 */
export async function readNotebook(
  file: OpenedFile,
  limits: NotebookLimits,
  tracker: FileStateTracker,
): Promise<ToolOutput> {
  const { path } = file;
  const invalid = (problem: string, cause?: unknown): never => {
    throw new TinyElfError({
      code: 'NOTEBOOK_INVALID',
      message: `"${path}" is not a Jupyter notebook Read can show: ${problem}. Read it as plain text with offset=1 and limit=2000 to see what it holds.`,
      cause,
    });
  };
  const text = stripBom((await readRecorded(file, tracker)).toString('utf8'));
  let notebook: { cells?: unknown; worksheets?: unknown; nbformat?: unknown; metadata?: unknown };
  try {
    notebook = JSON.parse(text);
  } catch (error) {
    return invalid(`it is not valid JSON (${(error as Error).message})`, error);
  }
  if (typeof notebook !== 'object' || notebook === null || Array.isArray(notebook))
    return invalid('its JSON is not an object');
  if (!Array.isArray(notebook.cells)) {
    return invalid(
      notebook.worksheets !== undefined
        ? `it is in the old nbformat ${String(notebook.nbformat ?? 3)} (Read shows nbformat 4; convert it with jupyter nbconvert --to notebook)`
        : 'it has no "cells" list',
    );
  }
  const cells = notebook.cells as NotebookCell[];
  const language = notebookLanguage(notebook.metadata);
  const parts = collectParts(limits.image, limits.maxImages);
  parts.text(
    `"${path}": a Jupyter notebook${language ? ` (${language})` : ''} with ${cells.length} cell${cells.length === 1 ? '' : 's'}.`,
  );
  cells.forEach((cell, index) => {
    const number = index + 1;
    const type = typeof cell?.cell_type === 'string' ? cell.cell_type : 'unknown';
    const run = typeof cell?.execution_count === 'number' ? `, run ${cell.execution_count}` : '';
    parts.text(`\n[cell ${number}: ${type}${run}]`);
    const source = joinedText(cell?.source).replace(/\n$/, '');
    parts.text(source === '' ? '(empty)' : source);
    if (type === 'code' && Array.isArray(cell.outputs)) {
      for (const output of cell.outputs as NotebookOutput[]) {
        if (typeof output === 'object' && output !== null)
          addOutput(output, number, parts, limits.maxLineLength);
      }
    }
  });
  const collected = parts.parts();
  return parts.imageCount() === 0
    ? collected.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
    : { parts: collected };
}

function notebookLanguage(metadata: unknown): string | undefined {
  const { kernelspec, language_info } = (metadata ?? {}) as {
    kernelspec?: { language?: unknown };
    language_info?: { name?: unknown };
  };
  const language = kernelspec?.language ?? language_info?.name;
  return typeof language === 'string' ? language : undefined;
}
