import { describe, expect, it } from 'vitest';
import { formatBytes } from '../binary-detection';
import { makeGif, makeJpegHeader, makePng, makeWebpHeader } from '../testing/image-writer';
import { createTestWorkspace } from '../testing/test-workspace';

describe('Read of an image', () => {
  it('returns a PNG as an image part after a line naming it, its size in pixels and bytes', async () => {
    const png = makePng(64, 48);
    const workspace = createTestWorkspace();
    workspace.write('chart.png', png);
    const result = await workspace.registry.execute('1', 'Read', { path: 'chart.png' });
    expect(result.isError).toBe(false);
    const text = `"chart.png": a PNG image, 64×48 px, ${formatBytes(png.length)}.`;
    expect(result.parts).toEqual([
      { type: 'text', text },
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
    ]);
    expect(result.content).toBe(`${text}\n[image: image/png, ${png.length} bytes]`);
  });

  it('knows images by their bytes, not their name, and reads JPEG, GIF and WebP sizes', async () => {
    const workspace = createTestWorkspace();
    const files: [string, Buffer, string][] = [
      ['photo.dat', makeJpegHeader(1024, 768), 'a JPEG image, 1024×768 px'],
      ['anim.gif', makeGif(320, 200), 'a GIF image, 320×200 px'],
      ['lossy.webp', makeWebpHeader('VP8 ', 640, 360), 'a WebP image, 640×360 px'],
      ['lossless.webp', makeWebpHeader('VP8L', 300, 5000), 'a WebP image, 300×5000 px'],
      ['extended.img', makeWebpHeader('VP8X', 7000, 20), 'a WebP image, 7000×20 px'],
    ];
    for (const [name, bytes, description] of files) {
      workspace.write(name, bytes);
      const result = await workspace.call('Read', { path: name });
      expect(result.parts?.[0]).toEqual({
        type: 'text',
        text: `"${name}": ${description}, ${formatBytes(bytes.length)}.`,
      });
      expect(result.parts?.[1]).toMatchObject({ type: 'image', data: bytes.toString('base64') });
    }
    const types = await Promise.all(
      files.map(async ([name]) => (await workspace.call('Read', { path: name })).parts?.[1]),
    );
    expect(types.map((part) => part?.type === 'image' && part.mimeType)).toEqual([
      'image/jpeg',
      'image/gif',
      'image/webp',
      'image/webp',
      'image/webp',
    ]);
  });

  it('refuses an image over 3.75 MB (5 MB as base64) or 8000 px, saying how to proceed', async () => {
    const workspace = createTestWorkspace();
    const big = makePng(1300, 1100, true);
    expect(big.length).toBeGreaterThan(3_932_160);
    workspace.write('noise.png', big);
    const heavy = await workspace.call('Read', { path: 'noise.png' });
    expect(heavy.isError).toBe(true);
    expect(heavy.errorCode).toBe('IMAGE_TOO_LARGE');
    expect(heavy.parts).toBeUndefined();
    expect(heavy.content).toContain(
      `"noise.png" is a PNG image (1300×1100 px, ${formatBytes(big.length)}), larger than the 3.8 MB Read shows (5.0 MB as base64). Read does not resize images: make a smaller copy and Read that, for example with ImageMagick: magick "noise.png" -resize 2000x2000 smaller.png`,
    );
    workspace.write('banner.png', makePng(9000, 4));
    const wide = await workspace.call('Read', { path: 'banner.png' });
    expect(wide.errorCode).toBe('IMAGE_TOO_LARGE');
    expect(wide.content).toMatch(
      /"banner\.png" is a PNG image \(9000×4 px, [\d.]+ KB\), more than the 8000 px on a side Read shows\./,
    );
  });

  it('says an image is damaged: a PNG cut off, with a bad checksum or no signature; a JPEG without a frame; an odd WebP', async () => {
    const png = makePng(8, 8);
    const badCrc = Buffer.from(png);
    badCrc[30] = (badCrc[30]! + 1) % 256;
    const workspace = createTestWorkspace();
    workspace.write('cut.png', png.subarray(0, 20));
    workspace.write('crc.png', badCrc);
    workspace.write('renamed.png', Buffer.from([0x89, 0x51, 0x4e, 0x47, 0, 0, 0, 13, 1, 2]));
    const cut = await workspace.call('Read', { path: 'cut.png' });
    expect(cut.errorCode).toBe('IMAGE_CORRUPT');
    expect(cut.content).toContain(
      '"cut.png" starts like a PNG image but is only 20 bytes long (its IHDR header is cut off); the file is damaged or not really a PNG, so it cannot be shown.',
    );
    expect((await workspace.call('Read', { path: 'crc.png' })).content).toContain(
      'the checksum (CRC) of its IHDR header does not match',
    );
    workspace.write('nosof.jpg', makeJpegHeader(10, 10).subarray(0, 20));
    expect((await workspace.call('Read', { path: 'nosof.jpg' })).content).toContain(
      '"nosof.jpg" starts like a JPEG image but has no frame header (SOF marker) giving its size',
    );
    const odd = makeWebpHeader('VP8X', 10, 10);
    odd.write('ALPH', 12, 'latin1');
    workspace.write('odd.webp', odd);
    expect((await workspace.call('Read', { path: 'odd.webp' })).content).toContain(
      'its first chunk is "ALPH", not VP8, VP8L or VP8X',
    );
    expect((await workspace.call('Read', { path: 'renamed.png' })).content).toContain(
      '"renamed.png" is named like a PNG image, but its first bytes (89 51 4e 47 00 00 00 0d) are not a PNG signature',
    );
  });

  it('refuses offset, limit and pages for an image', async () => {
    const workspace = createTestWorkspace();
    workspace.write('logo.png', makePng(4, 4));
    const ranged = await workspace.call('Read', { path: 'logo.png', offset: 2 });
    expect(ranged.content).toContain(
      'offset and limit count lines of text files, and "logo.png" is a PNG image; an image is shown whole',
    );
    const paged = await workspace.call('Read', { path: 'logo.png', pages: '1' });
    expect(paged.errorCode).toBe('INVALID_PAGES');
    expect(paged.content).toContain('pages is for PDF files, and "logo.png" is a PNG image');
  });

  it('keeps the workspace guard: an image outside the workspace is refused', async () => {
    const workspace = createTestWorkspace();
    workspace.write(`${workspace.outside}/secret.png`, makePng(4, 4));
    const result = await workspace.call('Read', { path: `${workspace.outside}/secret.png` });
    expect(result.isError).toBe(true);
    expect(result.errorCode).toBe('PATH_OUTSIDE_WORKSPACE');
    expect(result.parts).toBeUndefined();
  });
});
