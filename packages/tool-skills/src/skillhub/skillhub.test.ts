import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillsLoader } from '../skills/skills-loader';
import { makeTarGz, makeZip } from '../testing/archives';
import { createSkillFolders, skillMarkdown } from '../testing/skill-folders';
import { startSkillHub, type TestSkillHub } from '../testing/skillhub-server';
import { createListSkillsTool } from '../tools/skill-tools';
import { createSkillHubInstallTool, createSkillHubSearchTool } from '../tools/skillhub-tools';
import { SkillHubClient } from './skillhub-client';

let hub: TestSkillHub;
afterEach(() => hub.close());

async function setup(maxArchiveBytes?: number) {
  hub = await startSkillHub();
  const folders = createSkillFolders();
  const skillsFolder = join(folders.home, '.tinyelf', 'skills');
  const client = new SkillHubClient({ ...hub.clientOptions, maxArchiveBytes });
  const loader = new SkillsLoader({ workspaceRoot: folders.workspace, homeDir: folders.home });
  const registry = new ToolRegistry({ spillDirectory: false }).registerAll([
    createSkillHubSearchTool(client),
    createSkillHubInstallTool(client, skillsFolder),
    createListSkillsTool(loader),
  ]);
  return { registry, skillsFolder };
}

const pdfEntries = [
  {
    name: 'pdf-tools/SKILL.md',
    type: 'file' as const,
    content: skillMarkdown('pdf-tools', 'PDF helpers'),
  },
  { name: 'pdf-tools/scripts/run.py', type: 'file' as const, content: "print('hi')" },
];

describe('SkillHub', () => {
  it('searches the index', async () => {
    const { registry } = await setup();
    hub.add({
      id: 'pdf-tools',
      archive: makeZip(pdfEntries),
      format: 'zip',
      description: 'Fill and merge PDF forms',
    });
    hub.add({
      id: 'git-helper',
      archive: makeZip(pdfEntries),
      format: 'zip',
      description: 'Git workflows',
    });
    expect((await registry.execute('c', 'skillhub_search', { query: 'pdf forms' })).content).toBe(
      '- pdf-tools (1.0.0): Fill and merge PDF forms',
    );
    expect((await registry.execute('c', 'skillhub_search', { query: 'kubernetes' })).content).toBe(
      'No skill in SkillHub matches "kubernetes".',
    );
  });

  it.each(['zip', 'tar.gz'] as const)(
    'installs a %s skill, which list_skills shows without a rebuild',
    async (format) => {
      const { registry, skillsFolder } = await setup();
      const archive = format === 'zip' ? makeZip(pdfEntries) : makeTarGz(pdfEntries);
      hub.add({ id: 'pdf-tools', archive, format });
      expect((await registry.execute('c', 'list_skills', {})).content).toBe(
        'No skills are installed.',
      );
      const result = await registry.execute('c', 'skillhub_install', { skillId: 'pdf-tools' });
      expect(result.content).toBe(
        `Installed skill pdf-tools 1.0.0 in ${join(skillsFolder, 'pdf-tools')} (2 files). list_skills shows it now; read it with read_skill.`,
      );
      expect(readFileSync(join(skillsFolder, 'pdf-tools', 'scripts', 'run.py'), 'utf8')).toBe(
        "print('hi')",
      );
      expect((await registry.execute('c', 'list_skills', {})).content).toBe(
        '- pdf-tools (user): PDF helpers',
      );
    },
  );

  it('refuses an archive whose SHA-256 or size does not match the index, leaving nothing behind', async () => {
    const { registry, skillsFolder } = await setup(1024 * 1024);
    const archive = makeZip(pdfEntries);
    hub.add({ id: 'pdf-tools', archive, format: 'zip', sha256: '0'.repeat(64) });
    const mismatch = await registry.execute('c', 'skillhub_install', { skillId: 'pdf-tools' });
    expect(mismatch.content).toContain('does not match the index (sha256');
    hub.add({ id: 'liar', archive, format: 'zip', size: 10, body: archive });
    expect(
      (await registry.execute('c', 'skillhub_install', { skillId: 'liar' })).content,
    ).toContain('is larger than the 10 bytes the index states');
    hub.add({ id: 'huge', archive, format: 'zip', size: 5 * 1024 * 1024 });
    expect(
      (await registry.execute('c', 'skillhub_install', { skillId: 'huge' })).content,
    ).toContain('more than the 1048576 allowed');
    expect(existsSync(skillsFolder) ? readdirSync(skillsFolder) : []).toEqual([]);
  });

  it('refuses tar archives with links, devices or escaping paths', async () => {
    const { registry, skillsFolder } = await setup();
    const bad = {
      link: [...pdfEntries, { name: 'pdf-tools/etc', type: 'symlink' as const, target: '/etc' }],
      hardlink: [
        ...pdfEntries,
        { name: 'pdf-tools/passwd', type: 'hardlink' as const, target: '/etc/passwd' },
      ],
      fifo: [...pdfEntries, { name: 'pdf-tools/pipe', type: 'fifo' as const }],
      escape: [
        ...pdfEntries,
        { name: 'pdf-tools/../../escape.txt', type: 'file' as const, content: 'x' },
      ],
    };
    for (const [id, entries] of Object.entries(bad)) {
      hub.add({ id, archive: makeTarGz(entries), format: 'tar.gz' });
      const result = await registry.execute('c', 'skillhub_install', { skillId: id });
      expect(result.content, id).toContain('The skill was not installed');
    }
    expect(existsSync(skillsFolder) ? readdirSync(skillsFolder) : []).toEqual([]);
  });

  it('names an unknown skill id', async () => {
    const { registry } = await setup();
    expect(
      (await registry.execute('c', 'skillhub_install', { skillId: 'nope' })).content,
    ).toContain('SkillHub has no skill with id "nope"');
  });
});
