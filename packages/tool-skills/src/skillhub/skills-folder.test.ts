import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHubPlugin } from '../skills-plugins';
import { validSkill } from '../testing/archive-bombs';
import { makeTarGz } from '../testing/archives';
import { tree } from '../testing/measured-install';
import { createSkillFolders } from '../testing/skill-folders';
import { startSkillHub, type TestSkillHub, testLookup } from '../testing/skillhub-server';
import { installSkillArchive } from './install-skill-archive';

let hub: TestSkillHub | undefined;
afterEach(() => hub?.close());

/** A workspace with an outside folder beside it, and `link` (relative to the workspace) pointing there. */
function plantedWorkspace(link: string) {
  const folders = createSkillFolders();
  const outside = join(folders.home, 'outside');
  mkdirSync(outside);
  mkdirSync(join(folders.workspace, link, '..'), { recursive: true });
  symlinkSync(outside, join(folders.workspace, link));
  return { workspace: folders.workspace, outside };
}

async function workspaceInstallTool(workspace: string) {
  hub = await startSkillHub();
  hub.add({ id: 'pdf-tools', archive: makeTarGz(validSkill), format: 'tar.gz' });
  const context = createTestBuildContext({
    workspaceRoot: workspace,
    config: { skills: { registryUrl: hub.indexUrl, installTo: 'workspace' } },
  });
  return new ToolRegistry({ spillDirectory: false }).registerAll(
    await createSkillHubPlugin({
      lookup: testLookup,
      connect: hub.clientOptions.connect,
    }).createTools(context),
  );
}

describe('the install folder', () => {
  it.each(['.tinyelf/skills', '.tinyelf'])(
    'refuses a workspace install through a planted %s link to outside the workspace',
    async (link) => {
      const { workspace, outside } = plantedWorkspace(link);
      const registry = await workspaceInstallTool(workspace);
      const result = await registry.execute('c', 'skillhub_install', { skillId: 'pdf-tools' });
      expect(result.errorCode).toBe('SKILL_INSTALL_REFUSED');
      expect(result.content).toContain(
        `The skill was not installed: the skills folder ${join(workspace, '.tinyelf', 'skills')} resolves outside ${workspace} (through a symbolic link); skills are installed only inside it.`,
      );
      expect(tree(outside)).toEqual([]);
    },
  );

  it('installs into the workspace when nothing is planted', async () => {
    const folders = createSkillFolders();
    const registry = await workspaceInstallTool(folders.workspace);
    const result = await registry.execute('c', 'skillhub_install', { skillId: 'pdf-tools' });
    expect(result.errorCode).toBeUndefined();
    expect(tree(join(folders.workspace, '.tinyelf', 'skills'))).toEqual([
      'pdf-tools',
      'pdf-tools/SKILL.md',
      'pdf-tools/scripts',
      'pdf-tools/scripts/run.py',
    ]);
  });

  it('replacing a skill that is a planted link replaces the link, never what it points to', async () => {
    const folders = createSkillFolders();
    const skills = join(folders.workspace, '.tinyelf', 'skills');
    const outside = join(folders.home, 'precious');
    mkdirSync(outside);
    writeFileSync(join(outside, 'keep.txt'), 'keep');
    mkdirSync(skills, { recursive: true });
    symlinkSync(outside, join(skills, 'pdf-tools'));
    const archive = makeTarGz(validSkill);
    const options = {
      archive,
      format: 'tar.gz' as const,
      skillsFolder: skills,
      containedIn: folders.workspace,
    };
    await expect(installSkillArchive(options)).rejects.toThrow(/already installed/);
    const installed = await installSkillArchive({ ...options, replace: true });
    expect(installed.replaced).toBe(true);
    expect(tree(join(skills, 'pdf-tools'))).toEqual(['SKILL.md', 'scripts', 'scripts/run.py']);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep');
    expect(tree(skills)).toEqual([
      'pdf-tools',
      'pdf-tools/SKILL.md',
      'pdf-tools/scripts',
      'pdf-tools/scripts/run.py',
    ]);
  });
});
