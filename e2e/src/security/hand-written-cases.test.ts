// The hand-written adversarial commands (adversarial-cases.json) must classify at least as their
// expectation (the red-team session's attacks are its `redteam-2026-12` pattern; the third red
// team's black-box cases are in redteam3-cases.json, the fourth's in redteam4-cases.json), and the everyday
// commands of real projects (everyday-commands.json) and of the red-team session
// (redteam-everyday-commands.json) must classify as allow. Ids listed in known-bypasses.json are the classifier's current mistakes: they must
// still fail (so a fix is noticed and the id removed); everything else must pass.

import { classifyCommand } from '@tinyelf/tool-shell';
import { afterAll, describe, expect, it } from 'vitest';
import { KnownBypassFile, updatingKnownBypasses } from './known-bypasses';
import {
  createCaseWorkspace,
  fillCommand,
  loadAdversarialCases,
  loadEverydayCases,
  meets,
  type SecurityCase,
} from './security-cases';

const adversarial = loadAdversarialCases();
const redTeam3 = loadAdversarialCases('redteam3-cases.json');
const redTeam4 = loadAdversarialCases('redteam4-cases.json');
const everyday = loadEverydayCases();
const redTeamEveryday = loadEverydayCases('redteam-everyday-commands.json');
const known = new KnownBypassFile(
  'known-bypasses.json',
  'Ids of adversarial-cases.json, redteam3-cases.json, redteam4-cases.json and everyday-commands.json that the classifier still gets wrong, with the verdict it gives. Regenerate with: node e2e/src/security/update-known-bypasses.mjs. The tests fail when a listed id passes, so this list only shrinks.',
);
const workspace = createCaseWorkspace();

afterAll(() => {
  if (updatingKnownBypasses) known.write();
});

function describeCases(title: string, cases: readonly SecurityCase[]): void {
  describe(title, () => {
    for (const entry of cases) {
      it(`${entry.id}: ${JSON.stringify(entry.command).slice(0, 120)} is ${entry.expect === 'allow' ? '' : 'at least '}${entry.expect}`, async () => {
        const result = await classifyCommand(fillCommand(entry.command, workspace), {
          workspaceRoot: workspace.root,
          homeDir: workspace.home,
        });
        const passes = meets(result.verdict, entry.expect);
        const detail = `${result.verdict} ${JSON.stringify(result.findings.map((f) => f.rule))} — ${entry.why}`;
        if (updatingKnownBypasses) {
          if (!passes) known.record(entry.id, result.verdict);
        } else if (known.has(entry.id)) {
          expect(
            passes,
            `${entry.id} now classifies ${result.verdict}: remove it from known-bypasses.json`,
          ).toBe(false);
        } else {
          expect(passes, detail).toBe(true);
          if (entry.expect !== 'allow') expect(result.findings.length).toBeGreaterThan(0);
        }
      });
    }
  });
}

describe('hand-written security cases', () => {
  it('has at least 300 adversarial cases across every pattern, and 200 everyday commands', () => {
    expect(adversarial.length).toBeGreaterThanOrEqual(300);
    expect(new Set(adversarial.map((entry) => entry.pattern)).size).toBeGreaterThanOrEqual(13);
    expect(everyday.length).toBeGreaterThanOrEqual(200);
    const ids = [...adversarial, ...redTeam3, ...redTeam4, ...everyday, ...redTeamEveryday].map(
      (entry) => entry.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  describeCases('adversarial commands (never executed) get at least their verdict', adversarial);
  describeCases("the third red team's commands (never executed) get their verdict", redTeam3);
  describeCases("the fourth red team's commands (never executed) get their verdict", redTeam4);
  describeCases('everyday commands from real projects are allowed', everyday);
  describeCases('everyday commands of the red-team session are allowed', redTeamEveryday);
});
