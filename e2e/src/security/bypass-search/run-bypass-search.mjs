#!/usr/bin/env node
// Runs the generative bypass search outside CI's fixed size and prints the bypass rate:
//   node e2e/src/security/bypass-search/run-bypass-search.mjs [--count 5000] [--seed 1] [--parallel 2]
//     [--report file.json]   keep the full report (mutations, recorded harm, verdicts)
//     [--replay file.json]   classify an earlier report's harmful mutations again, running nothing
// It runs bypass-search.test.ts with TINYELF_BYPASS_COUNT/SEED set (exploration: the test reports
// instead of failing) and reads the JSON report it writes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '1' },
    parallel: { type: 'string', default: '2' },
    show: { type: 'string', default: '20' },
    report: { type: 'string' },
    replay: { type: 'string' },
  },
});
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const reportPath =
  values.report ?? join(mkdtempSync(join(tmpdir(), 'tinyelf-bypass-report-')), 'report.json');
const run = spawnSync(
  'pnpm',
  ['vitest', 'run', '--project', 'e2e', 'e2e/src/security/bypass-search/bypass-search.test.ts'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      TINYELF_BYPASS_COUNT: values.count,
      TINYELF_BYPASS_SEED: values.seed,
      TINYELF_BYPASS_PARALLEL: values.parallel,
      TINYELF_BYPASS_REPORT: reportPath,
      ...(values.replay ? { TINYELF_BYPASS_REPLAY: values.replay } : {}),
    },
  },
);
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const rate = report.harmful.length ? report.bypasses.length / report.harmful.length : 0;
const byOperator = new Map();
for (const result of report.harmful)
  for (const operator of result.mutation.recipe) {
    const name = operator.replace(/@\d+$/, '');
    const entry = byOperator.get(name) ?? [0, 0];
    entry[0] += result.bypass ? 1 : 0;
    entry[1] += 1;
    byOperator.set(name, entry);
  }
console.log('\nbypass rate by operator (bypasses / harmful mutations using it):');
for (const [name, [bypassed, total]] of [...byOperator].sort(
  (a, b) => b[1][0] / b[1][1] - a[1][0] / a[1][1],
))
  console.log(`  ${name.padEnd(30)} ${bypassed}/${total}`);
console.log(`\nexamples of bypasses:`);
for (const result of report.bypasses.slice(0, Number(values.show)))
  console.log(
    `  ${result.verdict} (${result.judgement.harm}: ${result.judgement.reasons[0]}): ${JSON.stringify(result.mutation.command)}`,
  );
console.log(
  `\nseed ${report.seed}: ${report.generated} mutations, ${report.harmful.length} harmful when run, ${report.bypasses.length} bypasses: bypass rate ${(rate * 100).toFixed(1)}%`,
);
process.exit(run.status ?? 1);
