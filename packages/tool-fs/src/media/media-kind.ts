import { extname } from 'node:path';
import { TinyElfError } from '@tinyelf/core';
import { looksBinary } from '../binary-detection';
import { IMAGE_EXTENSIONS, type ImageFormat, imageFormatOf } from './image-format';

/** A file Read shows in its own way instead of as numbered lines. */
export type MediaKind =
  | {
      /** An image, shown to the model. */
      readonly kind: 'image';
      /** Its format, from its first bytes. */
      readonly format: ImageFormat;
    }
  | {
      /** A PDF (`%PDF-` in its first KB), shown as its text page by page. */
      readonly kind: 'pdf';
    }
  | {
      /** A Jupyter notebook (`.ipynb`), shown as its cells and outputs. */
      readonly kind: 'notebook';
    };

/** PDF readers accept the `%PDF-` header anywhere in the first 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;

/**
 * What kind of media a file is: images and PDFs by their first bytes (whatever their name), a
 * notebook by its `.ipynb` name. A binary file named like an image or PDF whose bytes do not
 * match gets a clear error (`IMAGE_CORRUPT`, `PDF_INVALID`); anything else is undefined.
 */
export function mediaKindOf(path: string, sample: Buffer): MediaKind | undefined {
  const format = imageFormatOf(sample);
  if (format) return { kind: 'image', format };
  if (sample.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-')) return { kind: 'pdf' };
  const extension = extname(path).toLowerCase();
  if (extension === '.ipynb') return { kind: 'notebook' };
  if (!looksBinary(sample)) return undefined;
  const named = IMAGE_EXTENSIONS.get(extension);
  if (named) {
    throw new TinyElfError({
      code: 'IMAGE_CORRUPT',
      message: `"${path}" is named like a ${named.name} image, but its first bytes (${hex(sample)}) are not a ${named.name} signature (nor PNG, JPEG, GIF or WebP); the file is damaged or not an image, so it cannot be shown.`,
    });
  }
  if (extension === '.pdf') {
    throw new TinyElfError({
      code: 'PDF_INVALID',
      message: `"${path}" is named like a PDF, but it has no %PDF- header in its first ${PDF_HEADER_WINDOW} bytes; the file is damaged or not a PDF, so it cannot be read as one.`,
    });
  }
  return undefined;
}

function hex(sample: Buffer): string {
  return [...sample.subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
}
