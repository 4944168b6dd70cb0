// Times several operations call by call in turn, for the benchmarks that compare a tool with its
// bare anchor on a shared machine: the order rotates each round, so the load, which other jobs
// change by the second, falls on each operation alike.

/**
 * Runs each of `runs` 10 times to warm up, then `count` rounds in which each runs once (the order
 * rotating), and returns the median milliseconds of each, by name.
 * @param {Record<string, () => Promise<unknown>>} runs
 * @param {number} count
 * @returns {Promise<Record<string, number>>}
 */
export async function pairedMedians(runs, count) {
  const names = Object.keys(runs);
  for (let index = 0; index < 10; index++) for (const name of names) await runs[name]();
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let index = 0; index < count; index++)
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(index + turn) % names.length];
      const started = process.hrtime.bigint();
      await runs[name]();
      times[name].push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(names.map((name) => [name, middle(times[name])]));
}
