import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG (signature, IHDR, IDAT, IEND, each with its CRC) of `width`×`height` RGB pixels, a
 * gradient; `noise` adds random pixels so the file does not compress (to make a large one).
 */
export function makePng(width: number, height: number, noise = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, RGB, deflate, no filter set, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const pixel = row + 1 + x * 3;
      rows[pixel] = noise ? Math.floor(Math.random() * 256) : (x * 255) / width;
      rows[pixel + 1] = noise ? Math.floor(Math.random() * 256) : (y * 255) / height;
      rows[pixel + 2] = noise ? Math.floor(Math.random() * 256) : 128;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a baseline JPEG: SOI, a JFIF APP0 segment, then an SOF0 frame header. */
export function makeJpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
  ]);
  const frame = Buffer.from([
    0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]);
}

/** A GIF89a of one frame whose logical screen is `width`×`height` (a 1×1 image in it). */
export function makeGif(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4); // a global colour table of 2 entries
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]),
  ]);
}

/** The RIFF header and first chunk of a WebP: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`). */
export function makeWebpHeader(
  kind: 'VP8 ' | 'VP8L' | 'VP8X',
  width: number,
  height: number,
): Buffer {
  const payload = Buffer.alloc(10);
  if (kind === 'VP8X') {
    payload.writeUIntLE(width - 1, 4, 3);
    payload.writeUIntLE(height - 1, 7, 3);
  } else if (kind === 'VP8L') {
    payload[0] = 0x2f;
    payload.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  } else {
    payload.set([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], 0);
    payload.writeUInt16LE(width, 6);
    payload.writeUInt16LE(height, 8);
  }
  const header = Buffer.alloc(8);
  header.write(kind, 0, 'latin1');
  header.writeUInt32LE(payload.length, 4);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + header.length + payload.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, header, payload]);
}
