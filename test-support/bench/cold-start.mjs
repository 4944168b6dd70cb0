// What the benchmarks use to time cold processes: the median wall time of starting Node afresh.
import { spawnSync } from 'node:child_process';

/** Median milliseconds of `node ...args` run `runs` times in `cwd` (throws if a run fails). */
export function coldStartMs(args, { runs = 15, cwd = process.cwd() } = {}) {
  const times = [];
  for (let index = 0; index < runs; index++) {
    const started = process.hrtime.bigint();
    const run = spawnSync(process.execPath, args, { cwd });
    if (run.status !== 0) throw new Error(run.stderr.toString());
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

/** Median milliseconds of running an ES module script (`node --input-type=module -e script`) afresh. */
export function coldScriptMs(script, options) {
  return coldStartMs(['--input-type=module', '-e', script], options);
}
