// Per-call time of Read of an image, a PDF and a notebook, through the registry, and the cost of
// the first PDF read (importing pdfjs-dist). Run after `pnpm build`: node bench/media-read-bench.mjs
import { randomFillSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ToolRegistry } from '@tinyelf/core';
import { createFileSystemTools } from '@tinyelf/tool-fs';
import { record } from '../../../test-support/bench/bench-record.mjs';

/**
 * A valid RGB PNG of `size`×`size` pixels, grey or random (which does not compress), like the
 * tests' writer (src/testing/image-writer.ts).
 */
function png(size, noise = false) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(8 + data.length + 4);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 8 + data.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((size * 3 + 1) * size, 0x80);
  if (noise) randomFillSync(rows);
  for (let y = 0; y < size; y++) rows[y * (size * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF of `count` pages of 12 text lines each (the tests' writer, src/testing/pdf-writer.ts). */
function pdf(count) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const kids = [];
  for (let page = 1; page <= count; page++) {
    const text = Array.from(
      { length: 12 },
      (_, line) =>
        `BT /F1 12 Tf 20 ${180 - line * 16} Td (Page ${page} line ${line + 1} of the report) Tj ET`,
    ).join('\n');
    objects.push(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`,
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${count} >>`;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = out.length;
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  return Buffer.from(
    `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    'latin1',
  );
}

/** A notebook of 40 cells, every fourth with a 64×64 PNG plot. */
function notebook() {
  const plot = png(64).toString('base64');
  const cells = Array.from({ length: 40 }, (_, index) => ({
    cell_type: 'code',
    execution_count: index + 1,
    metadata: {},
    source: [`result_${index} = compute(${index})\n`, `print(result_${index})`],
    outputs: [
      { output_type: 'stream', name: 'stdout', text: [`${index * 42}\n`] },
      ...(index % 4 === 0
        ? [
            {
              output_type: 'display_data',
              metadata: {},
              data: { 'image/png': plot, 'text/plain': '<Figure>' },
            },
          ]
        : []),
    ],
  }));
  return JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });
}

const root = mkdtempSync(join(tmpdir(), 'tinyelf-media-bench-'));
const photo = png(600, true);
writeFileSync(join(root, 'photo.png'), photo);
writeFileSync(join(root, 'report.pdf'), pdf(200));
writeFileSync(join(root, 'analysis.ipynb'), notebook());
const registry = new ToolRegistry({
  workspaceRoot: root,
  maxChars: 10_000_000,
  spillDirectory: false,
}).registerAll(createFileSystemTools({ workspaceRoot: root }));
const calls = Number(process.env.BENCH_CALLS ?? 50);

async function time(params) {
  const started = process.hrtime.bigint();
  const result = await registry.execute('bench', 'Read', params);
  if (result.isError) throw new Error(result.content);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function median(params) {
  for (let index = 0; index < 5; index++) await time(params);
  const times = [];
  for (let index = 0; index < calls; index++) times.push(await time(params));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const first = await time({ path: 'report.pdf', pages: '1' });
console.log(`| measurement | median per call (${calls} calls) |`);
console.log('|---|---|');
console.log(
  `| first PDF read of the process (imports pdfjs-dist), 1 page | ${first.toFixed(0)} ms |`,
);
record({ measurement: 'first PDF read (pdfjs-dist import), 1 page', value: first, unit: 'ms' });
for (const [label, params] of [
  [`Read of a 600×600 PNG of ${(photo.length / 1024).toFixed(0)} KB`, { path: 'photo.png' }],
  ['Read of 20 pages of a 200-page PDF', { path: 'report.pdf', pages: '91-110' }],
  ['Read of a 40-cell notebook with 10 plots', { path: 'analysis.ipynb' }],
]) {
  const value = await median(params);
  record({ measurement: label, value, unit: 'ms' });
  console.log(`| ${label} | ${value.toFixed(1)} ms |`);
}
const rss = process.memoryUsage().rss / 1024 / 1024;
record({ measurement: 'RSS after the media reads', value: rss, unit: 'MB' });
console.log(`| RSS after the media reads | ${rss.toFixed(0)} MB |`);
