// Times an operation in batches after a warm-up, for the micro-benchmarks: each sample is the
// mean time of one call within a batch, so timer overhead is spread over the batch.

/**
 * Runs `run` `perBatch` times to warm up, then `batches` batches of `perBatch` calls, and returns
 * the nanoseconds per call of each batch, sorted from fastest to slowest.
 * @param {() => unknown} run
 * @param {{ batches?: number, perBatch?: number }} [options]
 * @returns {Promise<number[]>}
 */
export async function batchSamples(run, { batches = 31, perBatch = 20_000 } = {}) {
  for (let index = 0; index < perBatch; index++) await run(); // warm-up
  const samples = [];
  for (let batch = 0; batch < batches; batch++) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < perBatch; index++) await run();
    samples.push(Number(process.hrtime.bigint() - started) / perBatch);
  }
  return samples.sort((a, b) => a - b);
}
