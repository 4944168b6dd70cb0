import { crc32 } from 'node:zlib';
import { TinyElfError } from '@tinyelf/core';

/** An image format Read shows to the model, recognised by its first bytes. */
export interface ImageFormat {
  /** The name people use: `PNG`, `JPEG`, `GIF`, `WebP`. */
  readonly name: string;
  /** Its media type, such as `image/png`. */
  readonly mimeType: string;
}

/** An image's size in pixels. */
export interface ImageDimensions {
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG: ImageFormat = { name: 'PNG', mimeType: 'image/png' };
const JPEG: ImageFormat = { name: 'JPEG', mimeType: 'image/jpeg' };
const GIF: ImageFormat = { name: 'GIF', mimeType: 'image/gif' };
const WEBP: ImageFormat = { name: 'WebP', mimeType: 'image/webp' };

/** The names an image file usually has, for files whose bytes do not say they are one. */
export const IMAGE_EXTENSIONS: ReadonlyMap<string, ImageFormat> = new Map([
  ['.png', PNG],
  ['.jpg', JPEG],
  ['.jpeg', JPEG],
  ['.gif', GIF],
  ['.webp', WEBP],
]);

/** The image format of a file from its first bytes (not its name), or undefined for none. */
export function imageFormatOf(head: Buffer): ImageFormat | undefined {
  if (PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return PNG;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return JPEG;
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return GIF;
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return WEBP;
  return undefined;
}

/**
 * The width and height written in an image's header (PNG IHDR, JPEG SOF marker, GIF logical
 * screen, WebP VP8/VP8L/VP8X chunk). Throws `IMAGE_CORRUPT`, naming what is wrong, when the header
 * is missing, cut short or inconsistent.
 */
export function imageDimensions(bytes: Buffer, format: ImageFormat, path: string): ImageDimensions {
  const corrupt = (problem: string): never => {
    throw new TinyElfError({
      code: 'IMAGE_CORRUPT',
      message: `"${path}" starts like a ${format.name} image but ${problem}; the file is damaged or not really a ${format.name}, so it cannot be shown.`,
    });
  };
  const dimensions =
    format === PNG
      ? pngDimensions(bytes, corrupt)
      : format === JPEG
        ? jpegDimensions(bytes, corrupt)
        : format === GIF
          ? gifDimensions(bytes, corrupt)
          : webpDimensions(bytes, corrupt);
  if (dimensions.width === 0 || dimensions.height === 0)
    corrupt(`its header gives a size of ${dimensions.width}×${dimensions.height} pixels`);
  return dimensions;
}

type Corrupt = (problem: string) => never;

function pngDimensions(bytes: Buffer, corrupt: Corrupt): ImageDimensions {
  if (bytes.length < 33) corrupt(`is only ${bytes.length} bytes long (its IHDR header is cut off)`);
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR')
    corrupt('its first chunk is not a 13-byte IHDR header');
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29))
    corrupt('the checksum (CRC) of its IHDR header does not match');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Markers SOF0-SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegDimensions(bytes: Buffer, corrupt: Corrupt): ImageDimensions {
  let position = 2;
  while (position + 4 <= bytes.length) {
    if (bytes[position] !== 0xff) corrupt(`has no marker at byte ${position}`);
    const marker = bytes[position + 1]!;
    if (marker === 0xff) {
      position++; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break; // end of image, or start of scan: no frame seen
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2; // markers without a length
      continue;
    }
    const length = bytes.readUInt16BE(position + 2);
    if (length < 2) corrupt(`has a segment of impossible length ${length} at byte ${position}`);
    if (isStartOfFrame(marker)) {
      if (position + 9 > bytes.length) break;
      return { height: bytes.readUInt16BE(position + 5), width: bytes.readUInt16BE(position + 7) };
    }
    position += 2 + length;
  }
  return corrupt('has no frame header (SOF marker) giving its size');
}

function gifDimensions(bytes: Buffer, corrupt: Corrupt): ImageDimensions {
  if (bytes.length < 10)
    corrupt(`is only ${bytes.length} bytes long (its screen descriptor is cut off)`);
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

function webpDimensions(bytes: Buffer, corrupt: Corrupt): ImageDimensions {
  if (bytes.length < 30) corrupt(`is only ${bytes.length} bytes long (its first chunk is cut off)`);
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) corrupt('its lossless (VP8L) chunk lacks its signature byte');
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a)
      corrupt('its lossy (VP8) chunk lacks the start code of a key frame');
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return corrupt(`its first chunk is "${chunk}", not VP8, VP8L or VP8X`);
}
