import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolPolicy, ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import {
  type AttackCaseFile,
  loadAttackCases,
  SHARED_ATTACK_CASES,
} from '../../../test-support/attack-cases';
import { installSkillArchive } from '../src/skillhub/install-skill-archive';
import { SkillHubClient } from '../src/skillhub/skillhub-client';
import { makeZip, type TestEntry } from '../src/testing/archives';
import { startSkillHub } from '../src/testing/skillhub-server';
import { createSkillHubInstallTool } from '../src/tools/skillhub-tools';

/** Every path below a folder (to prove nothing was written anywhere). */
function tree(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String).sort() : [];
}

/**
 * Registers a vitest suite running every skill_install case of a file of attack cases
 * (by default shared/security/attack-cases.json). The
 * cases run as one suite with all the others in e2e/src/attack-cases.test.ts.
 */
export function describeSkillInstallAttackCases(file: AttackCaseFile = SHARED_ATTACK_CASES): void {
  const cases = loadAttackCases(['skill_install'], file);
  describe(`skill_install attack cases (${file.label})`, () => {
    it('covers the corpus', () => {
      expect(cases.length).toBeGreaterThan(file.shared ? 5 : 0);
    });

    for (const attack of cases) {
      it(`${attack.id} is ${attack.expect}`, async () => {
        const base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-skill-cases-')));
        const skillsFolder = join(base, 'home', '.tinyelf', 'skills');
        mkdirSync(skillsFolder, { recursive: true });
        const input = attack.input as {
          name?: string;
          archive: { format: 'zip' | 'tar.gz'; entries: TestEntry[] };
        };
        const archive = makeZip(input.archive.entries);
        const before = tree(base);

        if (attack.expect === 'blocked') {
          await expect(
            installSkillArchive({ archive, format: 'zip', name: input.name, skillsFolder }),
          ).rejects.toThrowError(/^The skill was not installed: /);
          expect(tree(base)).toEqual(before);
          expect(existsSync('/etc/cron.d/evil')).toBe(false);
        } else if (attack.expect === 'warn') {
          // The same skill is installed already: the call must ask, and without replace nothing changes.
          await installSkillArchive({ archive, format: 'zip', name: input.name, skillsFolder });
          const hub = await startSkillHub();
          try {
            hub.add({ id: input.name!, archive, format: 'zip' });
            const registry = new ToolRegistry({ spillDirectory: false }).register(
              createSkillHubInstallTool(new SkillHubClient(hub.clientOptions), skillsFolder),
            );
            const warnings = await registry.assessRisk('skillhub_install', { skillId: input.name });
            expect(warnings.map((warning) => warning.rule)).toEqual(['skill-overwrite']);
            expect(
              new ToolPolicy().requiresConfirmation('skillhub_install', 'acceptEdits', warnings),
            ).toBe(true);
            const refused = await registry.execute('c', 'skillhub_install', {
              skillId: input.name,
            });
            expect(refused.errorCode).toBe('SKILL_EXISTS');
            const replaced = await registry.execute('c', 'skillhub_install', {
              skillId: input.name,
              replace: true,
            });
            expect(replaced.content).toContain(`Replaced skill ${input.name}`);
          } finally {
            await hub.close();
          }
        } else {
          const installed = await installSkillArchive({
            archive,
            format: 'zip',
            name: input.name,
            skillsFolder,
          });
          expect(installed.folder).toBe(join(skillsFolder, input.name!));
          expect(readFileSync(join(installed.folder, 'SKILL.md'), 'utf8')).toContain(
            `name: ${input.name}`,
          );
          expect(tree(skillsFolder).filter((path) => path.startsWith('.'))).toEqual([]);
        }
      });
    }
  });
}
