import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AttackCaseFile,
  fillPlaceholders,
  loadAttackCases,
  SHARED_ATTACK_CASES,
  setupSteps,
} from '../../../test-support/attack-cases';
import { classifyCommand } from '../src/classifier/classify-command';

const rank = { allow: 0, warn: 1, block: 2 } as const;
const expected = { allowed: 'allow', warn: 'warn', blocked: 'block' } as const;

/** A fresh workspace with the default fixture; the commands are only classified, never run. */
function workspaceFor(setup: string | undefined): { root: string; outside: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-shell-cases-')));
  const root = join(base, 'ws');
  const outside = join(base, 'outside');
  for (const [path, content] of Object.entries({
    'README.md': '# demo',
    'notes.txt': 'mkfs and format notes',
    'src/app.ts': 'export {}',
    'docs/guide.md': 'guide',
  })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'OUTSIDE-SECRET');
  for (const step of setupSteps(fillPlaceholders(setup, { workspace: root, outside }))) {
    const file = /^file (.+?)=(.*)$/s.exec(step);
    const folder = /^dir (.+)$/.exec(step);
    if (file) {
      mkdirSync(dirname(join(root, file[1]!)), { recursive: true });
      writeFileSync(join(root, file[1]!), file[2]!.replace(/\\n/g, '\n'));
    } else if (folder) {
      mkdirSync(join(root, folder[1]!), { recursive: true });
    } else {
      throw new Error(`Unknown setup step: ${step}`);
    }
  }
  return { root, outside };
}

/**
 * Registers a vitest suite running every Bash case of a file of attack cases
 * (by default shared/security/attack-cases.json). The
 * cases run as one suite with all the others in e2e/src/attack-cases.test.ts.
 */
export function describeBashAttackCases(file: AttackCaseFile = SHARED_ATTACK_CASES): void {
  const cases = loadAttackCases(['Bash'], file);
  describe(`Bash attack cases of ${file.label} through classifyCommand (never executed)`, () => {
    it('covers the corpus', () => {
      expect(cases.length).toBeGreaterThan(file.shared ? 50 : 0);
    });

    for (const attack of cases) {
      it(`${attack.id}: ${JSON.stringify(attack.input.command)} is at least ${attack.expect}`, async () => {
        const { root, outside } = workspaceFor(attack.setup);
        const command = fillPlaceholders(attack.input, { workspace: root, outside })
          .command as string;
        const result = await classifyCommand(command, { workspaceRoot: root });
        const want = expected[attack.expect];
        if (want === 'allow')
          expect({ verdict: result.verdict, findings: result.findings }, attack.why).toEqual({
            verdict: 'allow',
            findings: [],
          });
        else
          expect(
            rank[result.verdict],
            `${result.verdict}: ${JSON.stringify(result.findings)} — ${attack.why}`,
          ).toBeGreaterThanOrEqual(rank[want]);
        if (want === 'warn' || want === 'block') expect(result.findings.length).toBeGreaterThan(0);
      });
    }
  });
}
