import { type RichToolOutput, TinyElfError } from '@tinyelf/core';
import { formatBytes } from '../binary-detection';
import { readSample } from '../descriptor-read';
import type { FileStateTracker } from '../file-state-tracker';
import { type ImageDimensions, type ImageFormat, imageDimensions } from './image-format';
import { type OpenedFile, readRecorded } from './opened-file';

/** How large an image Read shows. */
export interface ImageLimits {
  /** The largest file, in bytes. */
  readonly maxBytes: number;
  /** The largest width or height, in pixels. */
  readonly maxDimension: number;
}

/** Bytes read from an image too large to show, to find its size in pixels for the message. */
const HEADER_PROBE_BYTES = 256 * 1024;

/**
 * An image as a text part (its name, format, size in pixels and bytes) and an image part, or a
 * clear refusal (`IMAGE_TOO_LARGE`, `IMAGE_CORRUPT`) saying the limit and how to proceed.
 */
export async function readImage(
  file: OpenedFile,
  format: ImageFormat,
  limits: ImageLimits,
  tracker: FileStateTracker,
): Promise<RichToolOutput> {
  const { path, info } = file;
  if (info.size > limits.maxBytes) {
    throw tooLarge(file, format, info.size, limits, dimensionsIfReadable(file, format));
  }
  const bytes = await readRecorded(file, tracker);
  if (bytes.length > limits.maxBytes) throw tooLarge(file, format, bytes.length, limits);
  const dimensions = imageDimensions(bytes, format, path);
  if (Math.max(dimensions.width, dimensions.height) > limits.maxDimension) {
    throw tooLarge(file, format, bytes.length, limits, dimensions);
  }
  return {
    parts: [
      {
        type: 'text',
        text: `"${path}": a ${format.name} image, ${dimensions.width}×${dimensions.height} px, ${formatBytes(bytes.length)}.`,
      },
      { type: 'image', data: bytes.toString('base64'), mimeType: format.mimeType },
    ],
  };
}

function dimensionsIfReadable(file: OpenedFile, format: ImageFormat): ImageDimensions | undefined {
  try {
    return imageDimensions(readSample(file.descriptor, HEADER_PROBE_BYTES), format, file.path);
  } catch {
    return undefined;
  }
}

function tooLarge(
  file: OpenedFile,
  format: ImageFormat,
  size: number,
  limits: ImageLimits,
  dimensions?: ImageDimensions,
): TinyElfError {
  const side = Math.min(2000, limits.maxDimension);
  const pixels = dimensions ? `${dimensions.width}×${dimensions.height} px, ` : '';
  const over =
    size > limits.maxBytes
      ? `larger than the ${formatBytes(limits.maxBytes)} Read shows (${formatBytes(Math.ceil(limits.maxBytes / 3) * 4)} as base64)`
      : `more than the ${limits.maxDimension} px on a side Read shows`;
  return new TinyElfError({
    code: 'IMAGE_TOO_LARGE',
    message: `"${file.path}" is a ${format.name} image (${pixels}${formatBytes(size)}), ${over}. Read does not resize images: make a smaller copy and Read that, for example with ImageMagick: magick "${file.path}" -resize ${side}x${side} smaller.png`,
  });
}
