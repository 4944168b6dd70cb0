// Every case of shared/security/attack-cases.json, as one suite: the path guard and file tools,
// the shell classifier, the URL guard with WebFetch, skill archive extraction, and MCP. Each
// package keeps the runner for its own tools in its test/ folder; this file runs them all together
// and checks that no case of the file is left without one.

import { ATTACK_CASES_PATH, loadAllAttackCases } from '@tinyelf/test-support/attack-cases';
import { describe, expect, it } from 'vitest';
import { describeFileToolAttackCases } from '../../packages/tool-fs/test/attack-cases.suite';
import { describeMcpAttackCases } from '../../packages/tool-mcp/test/attack-cases.suite';
import { describeBashAttackCases } from '../../packages/tool-shell/test/attack-cases.suite';
import { describeSkillInstallAttackCases } from '../../packages/tool-skills/test/attack-cases.suite';
import { describeWebFetchAttackCases } from '../../packages/tool-web/test/attack-cases.suite';

/** The tools each runner covers; together they must cover every case of the file. */
const RUNNERS = {
  'file tools': [['Read', 'Write', 'Edit', 'ListDir', 'Glob', 'Grep'], describeFileToolAttackCases],
  Bash: [['Bash'], describeBashAttackCases],
  WebFetch: [['WebFetch'], describeWebFetchAttackCases],
  skill_install: [['skill_install'], describeSkillInstallAttackCases],
  mcp: [['mcp'], describeMcpAttackCases],
} as const;

describe(`every case of ${ATTACK_CASES_PATH}`, () => {
  it('has a runner for the tool of each case', () => {
    const covered = new Set<string>(Object.values(RUNNERS).flatMap(([tools]) => tools));
    const all = loadAllAttackCases();
    expect(all.length).toBeGreaterThan(150);
    expect(all.filter((attack) => !covered.has(attack.tool)).map((attack) => attack.id)).toEqual(
      [],
    );
  });

  for (const [, describeCases] of Object.values(RUNNERS)) describeCases();
});
