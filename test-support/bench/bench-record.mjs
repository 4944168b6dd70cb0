// What every benchmark reports to `pnpm bench`, besides its own table: one JSON line per figure,
// appended to the file named by TINYELF_BENCH_OUT (scripts/bench.mjs sets it and writes
// BENCHMARKS.md from the lines). Without TINYELF_BENCH_OUT nothing is written.
import { appendFileSync } from 'node:fs';

/**
 * Records one figure.
 * @param {object} figure
 * @param {string} figure.measurement what was measured
 * @param {number} figure.value the figure
 * @param {string} figure.unit its unit (`ms`, `µs`, `MB`, ...)
 * @param {{ label: string, value: number }} [figure.anchor] the bare baseline measured in the same run
 * @param {{ text: string, met: boolean }} [figure.goal] the goal the package issue set, and whether it is met
 * @param {string} [figure.note] anything the reader needs to read the figure right
 */
export function record(figure) {
  const file = process.env.TINYELF_BENCH_OUT;
  if (!file) return;
  const ratio = figure.anchor ? figure.value / figure.anchor.value : undefined;
  appendFileSync(
    file,
    `${JSON.stringify({ package: process.env.npm_package_name ?? 'unknown', ...figure, ratio })}\n`,
  );
}
