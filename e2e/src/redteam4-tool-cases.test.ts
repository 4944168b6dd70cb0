// The fourth red team's black-box cases for the tools other than Bash (WebFetch's URL guard, the
// file tools' workspace guard, skill archive extraction), in the shared corpus's format, run by
// the same runners as shared/security/attack-cases.json. Its Bash cases are in
// security/redteam4-cases.json, run by security/hand-written-cases.test.ts.

import { loadAllAttackCases, REDTEAM4_TOOL_CASES } from '@tinyelf/test-support/attack-cases';
import { describe, expect, it } from 'vitest';
import { describeFileToolAttackCases } from '../../packages/tool-fs/test/attack-cases.suite';
import { describeSkillInstallAttackCases } from '../../packages/tool-skills/test/attack-cases.suite';
import { describeWebFetchAttackCases } from '../../packages/tool-web/test/attack-cases.suite';

describe(`every case of ${REDTEAM4_TOOL_CASES.label}`, () => {
  it('is for WebFetch, a file tool or skill_install, with an id of its own', () => {
    const all = loadAllAttackCases(REDTEAM4_TOOL_CASES);
    expect(all.length).toBeGreaterThanOrEqual(100);
    const tools = ['WebFetch', 'Read', 'Write', 'Edit', 'ListDir', 'Glob', 'Grep', 'skill_install'];
    expect(all.filter((attack) => !tools.includes(attack.tool)).map((attack) => attack.id)).toEqual(
      [],
    );
    expect(new Set(all.map((attack) => attack.id)).size).toBe(all.length);
  });

  describeFileToolAttackCases(REDTEAM4_TOOL_CASES);
  describeWebFetchAttackCases(REDTEAM4_TOOL_CASES);
  describeSkillInstallAttackCases(REDTEAM4_TOOL_CASES);
});
