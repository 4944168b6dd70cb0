import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  honestZipBomb,
  largeFileTarBomb,
  lyingZipBomb,
  manyEntriesTarGz,
  manyEntriesZip,
  overlappingZipBomb,
  validSkill,
  zeroBlockInsideTarGz,
  zeroBlockTarBomb,
} from '../../testing/archive-bombs';
import { makeTar } from '../../testing/archives';
import { measuredInstall } from '../../testing/measured-install';

const megabyte = 1024 * 1024;

/** Refused with the given reason, nothing left behind, the loop never held up 100 ms. */
async function expectRefused(
  archive: Buffer,
  format: 'zip' | 'tar.gz',
  reason: RegExp,
  maxBytes: number,
  limits?: Parameters<typeof measuredInstall>[2],
) {
  const result = await measuredInstall(archive, format, limits);
  expect(result.error?.message).toMatch(/^The skill was not installed: /);
  expect(result.error?.message).toMatch(reason);
  expect(result.left).toEqual([]);
  expect(result.maxDelayMs).toBeLessThan(100);
  expect(result.work?.bytes ?? 0).toBeLessThanOrEqual(maxBytes);
  return result;
}

// The event-loop delay is wall time, so a machine starved of CPU (other processes scheduled
// instead of this one) can show a long delay that no code of ours caused; a retry tells that from
// a real block, which repeats every time (the first test proves a real block is seen).
describe('skill archive bombs', { retry: 2 }, () => {
  it('the event-loop measurement sees a blocked loop (so the bounds below can fail)', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const until = Date.now() + 150;
    while (Date.now() < until) {
      // Hold the loop, as a synchronous gunzip of a bomb would.
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    histogram.disable();
    expect(histogram.max / 1e6).toBeGreaterThan(100);
  });

  it('refuses the reported bomb: a 65 KB tar.gz of one skill and 64 MB of zero blocks', async () => {
    const bomb = zeroBlockTarBomb(64 * megabyte);
    expect(bomb.length).toBeLessThan(70 * 1024);
    await expectRefused(bomb, 'tar.gz', /1 MB of zero blocks after its end marker/, 2 * megabyte);
  });

  it('refuses 1 MB of it that unpacks to 1 GB, after about 1 MB of work', async () => {
    const bomb = zeroBlockTarBomb(1024 * megabyte);
    expect(bomb.length).toBeLessThan(1.2 * megabyte);
    await expectRefused(bomb, 'tar.gz', /zero blocks after its end marker/, 2 * megabyte);
  });

  it('counts zero blocks and padding against the unpacked-bytes limit', async () => {
    await expectRefused(
      zeroBlockTarBomb(64 * megabyte),
      'tar.gz',
      /unpacks to more than 256 KB|more than 262144 bytes \(the limit on unpacked bytes/,
      256 * 1024 + 64 * 1024,
      { maxTotalBytes: 256 * 1024 },
    );
  });

  it('refuses a tar entry that declares 1 GB before decompressing it', async () => {
    await expectRefused(
      largeFileTarBomb(1024 * megabyte),
      'tar.gz',
      /entry "pdf-tools\/zeros.bin" declares 1024 MB, which passes 50 MB \(the limit on unpacked bytes\)/,
      megabyte,
    );
  });

  it('refuses many tiny tar entries at the entry limit', async () => {
    await expectRefused(
      manyEntriesTarGz(20_000),
      'tar.gz',
      /more than 1000 entries \(the limit on entries\)/,
      2 * megabyte,
    );
  });

  it('refuses a zero block followed by more entries, and data after the end marker', async () => {
    await expectRefused(
      zeroBlockInsideTarGz(),
      'tar.gz',
      /zero block before more entries/,
      megabyte,
    );
    const trailing = gzipSync(Buffer.concat([makeTar(validSkill), Buffer.from('#!/bin/sh\n')]));
    await expectRefused(trailing, 'tar.gz', /data after its end marker/, megabyte);
  });

  it('refuses a truncated or damaged tar.gz', async () => {
    const whole = gzipSync(
      makeTar([...validSkill, { name: 'pdf-tools/a', type: 'file', content: 'x'.repeat(5000) }]),
    );
    await expectRefused(
      whole.subarray(0, whole.length - 30),
      'tar.gz',
      /gzip data is damaged|ends inside/,
      megabyte,
    );
    await expectRefused(Buffer.from('not gzip at all'), 'tar.gz', /gzip data is damaged/, megabyte);
  });

  it('refuses a zip entry declaring 200 MB before inflating anything', async () => {
    await expectRefused(
      honestZipBomb(200 * megabyte),
      'zip',
      /the entries up to "pdf-tools\/zeros.bin" declare 200.0 MB, which passes 19.\d MB, 100 times the \d+ bytes archive \(the limit on the compression ratio\)/,
      0,
    );
  });

  it('refuses a zip entry that inflates to more than it declares, after one chunk', async () => {
    await expectRefused(
      lyingZipBomb(100 * megabyte),
      'zip',
      /entry "pdf-tools\/zeros.bin" is damaged or larger than it declares/,
      megabyte,
    );
  });

  it('refuses overlapping zip entries (the non-recursive zip bomb) before inflating', async () => {
    await expectRefused(
      overlappingZipBomb(900, 10 * megabyte),
      'zip',
      /entries "pdf-tools\/z\d+.bin" and "pdf-tools\/z\d+.bin" overlap in the zip archive/,
      0,
    );
  });

  it('refuses a zip with more entries than the limit before reading them', async () => {
    const result = await expectRefused(
      manyEntriesZip(20_000),
      'zip',
      /the archive has 20002 entries, more than 1000 \(the limit on entries\)/,
      0,
    );
    expect(result.work?.entries).toBe(0);
  });

  it('refuses an archive that takes longer than the time limit', async () => {
    await expectRefused(
      zeroBlockTarBomb(64 * megabyte),
      'tar.gz',
      /took longer than 0 s \(the limit on time\)/,
      2 * megabyte,
      { timeoutMs: 0 },
    );
  });

  it('refuses zeros beyond 100 times the archive size (the compression ratio), honestly declared', async () => {
    await expectRefused(
      largeFileTarBomb(10 * megabyte),
      'tar.gz',
      /entry "pdf-tools\/zeros.bin" declares 10 MB, which passes 1 MB, 100 times the \d+ bytes archive \(the limit on the compression ratio\)/,
      megabyte,
    );
  });

  it('installs a legitimate 30 MB skill within the limits, without holding up the loop', async () => {
    const large = gzipSync(
      makeTar([
        ...validSkill,
        {
          name: 'pdf-tools/data.txt',
          type: 'file',
          content: randomBytes(15 * megabyte).toString('hex'),
        },
      ]),
    );
    const result = await measuredInstall(large, 'tar.gz');
    expect(result.error).toBeUndefined();
    expect(result.installed?.files).toEqual(['SKILL.md', 'data.txt', 'scripts/run.py']);
    expect(result.maxDelayMs).toBeLessThan(100);
    expect(result.work?.bytes).toBeGreaterThan(30 * megabyte);
  });
});
