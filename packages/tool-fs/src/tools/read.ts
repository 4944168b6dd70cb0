import { closeSync } from 'node:fs';
import {
  defineJsonSchemaTool,
  TinyElfError,
  type ToolContext,
  type ToolOutput,
} from '@tinyelf/core';
import { describeBinary, formatBytes, looksBinary } from '../binary-detection';
import { readSample } from '../descriptor-read';
import type { FileSystemServices } from '../file-system-services';
import { type MediaKind, mediaKindOf } from '../media/media-kind';
import type { OpenedFile } from '../media/opened-file';
import { type PageRange, parsePageSelection } from '../media/page-selection';
import { readImage } from '../media/read-image';
import { readNotebook } from '../media/read-notebook';
import { readPdf } from '../media/read-pdf';
import { secretReadWarnings } from '../protected-paths';
import { describeNonRegular } from './file-checks';
import { readText } from './read-text';

/** The tool's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface ReadParams {
  readonly path: string;
  readonly offset?: number;
  readonly limit?: number;
  readonly pages?: string;
}

/** Image outputs of one notebook shown as images; later ones are described in a line. */
const NOTEBOOK_MAX_IMAGES = 20;

/** The Read tool: a file with line numbers, a range of a large one streamed; images, PDFs, notebooks. */
export function createReadTool(services: FileSystemServices) {
  const { guard, tracker, options, hardLinks } = services;
  const image = { maxBytes: options.imageMaxBytes, maxDimension: options.imageMaxDimension };
  return defineJsonSchemaTool<ReadParams>({
    name: 'Read',
    description: `Reads a file. Text comes back with line numbers (like \`cat -n\`): without offset/limit the whole file up to ${Math.round(options.readMaxBytes / 1024)} KB; use offset (first line, 1-based) and limit (line count) to read a part of a large file. PNG, JPEG, GIF and WebP images are shown as images; a PDF as its text page by page (choose with pages, at most ${options.pdfMaxPages} per call); a Jupyter notebook (.ipynb) as its cells with their outputs. Other binary files are described, not shown.`,
    parameters: {
      type: 'object',
      properties: {
        path: {
          type: 'string',
          description: 'The file to read, relative to the workspace or absolute.',
        },
        offset: { type: 'integer', minimum: 1, description: 'The first line to show (1-based).' },
        limit: { type: 'integer', minimum: 1, description: 'How many lines to show.' },
        pages: {
          type: 'string',
          description: `PDF only: the pages to read, such as "1-3,5" or "10-" (1-based). Without it Read starts at page 1 and shows up to ${options.pdfMaxPages} pages.`,
        },
      },
      required: ['path'],
    },
    readOnly: true,
    assessRisk: ({ path }) => [...hardLinks.assess(path), ...secretReadWarnings(guard, path)],
    async execute(params, context) {
      const ranges = params.pages === undefined ? undefined : parsePageSelection(params.pages);
      const { guarded, opened } = guard.open(params.path, 'file');
      try {
        return await show(guarded.real, opened.descriptor, opened.info, params, ranges, context);
      } finally {
        closeSync(opened.descriptor);
      }
    },
  });

  /** Shows the file open as `descriptor` (found at `real`); only the descriptor is read. */
  async function show(
    real: string,
    descriptor: number,
    info: OpenedFile['info'],
    params: ReadParams,
    ranges: readonly PageRange[] | undefined,
    context: ToolContext | undefined,
  ): Promise<ToolOutput> {
    const { path } = params;
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
    const sample = info.size === 0 ? Buffer.alloc(0) : readSample(descriptor);
    const media = info.size === 0 ? undefined : mediaKindOf(path, sample);
    const ranged = params.offset !== undefined || params.limit !== undefined;
    checkParameters(path, media, ranged, ranges !== undefined);
    if (info.size === 0) return `(The file "${path}" is empty.)`;

    const file: OpenedFile = { path, real, descriptor, info, sample };
    if (media?.kind === 'image') return readImage(file, media.format, image, tracker);
    if (media?.kind === 'pdf') {
      const limits = { maxBytes: options.documentMaxBytes, maxPages: options.pdfMaxPages };
      return readPdf(file, ranges, limits, tracker, context);
    }
    if (media?.kind === 'notebook' && !ranged) {
      if (info.size > options.documentMaxBytes) throw documentTooLarge(path, info.size);
      const limits = {
        image,
        maxImages: NOTEBOOK_MAX_IMAGES,
        maxLineLength: options.maxLineLength,
      };
      return readNotebook(file, limits, tracker);
    }
    if (looksBinary(sample)) {
      return `"${path}" is ${describeBinary(sample)} (${formatBytes(info.size)}); its content is not shown as text.`;
    }
    return readText(file, params, options, tracker);
  }

  function documentTooLarge(path: string, size: number): TinyElfError {
    return new TinyElfError({
      code: 'FILE_TOO_LARGE',
      message: `"${path}" is ${formatBytes(size)}, more than the ${formatBytes(options.documentMaxBytes)} Read shows of a notebook. Read its raw text in parts with offset and limit, or search it with Grep.`,
    });
  }
}

/** Refuses parameters that do not fit the file: pages for a non-PDF, offset/limit for media. */
function checkParameters(
  path: string,
  media: MediaKind | undefined,
  ranged: boolean,
  paged: boolean,
): void {
  const what =
    media?.kind === 'image'
      ? `a ${media.format.name} image`
      : media?.kind === 'pdf'
        ? 'a PDF'
        : media?.kind === 'notebook'
          ? 'a notebook'
          : 'not a PDF';
  if (paged && media?.kind !== 'pdf') {
    throw new TinyElfError({
      code: 'INVALID_PAGES',
      message: `pages is for PDF files, and "${path}" is ${what}; leave pages out${media ? '' : ' (use offset and limit for a part of a text file)'}.`,
    });
  }
  if (ranged && (media?.kind === 'image' || media?.kind === 'pdf')) {
    throw new TinyElfError({
      code: 'INVALID_TOOL_INPUT',
      message: `offset and limit count lines of text files, and "${path}" is ${what}; ${media.kind === 'pdf' ? 'choose pages with pages, such as "1-3"' : 'an image is shown whole, so leave them out'}.`,
    });
  }
}
