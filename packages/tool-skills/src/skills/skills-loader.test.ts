import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { createSkillFolders, skillMarkdown } from '../testing/skill-folders';
import { createListSkillsTool, createReadSkillTool } from '../tools/skill-tools';
import { SkillsLoader } from './skills-loader';

describe('SkillsLoader and the skill tools', () => {
  it('finds skills in precedence order, reports shadowing and skips malformed ones', () => {
    const folders = createSkillFolders();
    folders.write(
      'workspace/.tinyelf/skills/deploy/SKILL.md',
      skillMarkdown('deploy', 'Deploys the workspace app'),
    );
    folders.write(
      'home/.tinyelf/skills/deploy/SKILL.md',
      skillMarkdown('deploy', 'The user deploy'),
    );
    folders.write(
      'home/.tinyelf/skills/pdf/SKILL.md',
      skillMarkdown('pdf', 'Works with PDFs', 'license: MIT\n'),
    );
    folders.write('home/.tinyelf/skills/broken/SKILL.md', '# no front matter');
    folders.write('home/.tinyelf/skills/bad-yaml/SKILL.md', '---\nname: [unclosed\n---\n');
    folders.write('home/.tinyelf/skills/nameless/SKILL.md', '---\ndescription: no name\n---\n');
    folders.write(
      'extra/skills/extra-one/SKILL.md',
      skillMarkdown('extra-one', 'From an extra folder'),
    );
    const loader = new SkillsLoader({
      workspaceRoot: folders.workspace,
      homeDir: folders.home,
      extraFolders: ['../extra/skills'],
    });
    const { skills, problems } = loader.scan();
    expect(skills.map((skill) => [skill.name, skill.source, skill.description])).toEqual([
      ['deploy', 'workspace', 'Deploys the workspace app'],
      ['pdf', 'user', 'Works with PDFs'],
      ['extra-one', 'extra', 'From an extra folder'],
    ]);
    expect(skills[1]?.metadata).toEqual({ license: 'MIT' });
    const messages = problems.map((problem) => problem.message);
    expect(messages).toContain(
      'skipped: it has no YAML front matter (a block between --- lines at the top)',
    );
    expect(
      messages.some((message) => message.startsWith('skipped: its front matter is not valid YAML')),
    ).toBe(true);
    expect(messages).toContain('skipped: its front matter has no name');
    expect(
      messages.some((message) =>
        message.startsWith('skill "deploy" is shadowed by the workspace skill'),
      ),
    ).toBe(true);
  });

  it('list_skills shows name, source and description; read_skill shows SKILL.md and the other files', async () => {
    const folders = createSkillFolders();
    folders.write(
      'workspace/.tinyelf/skills/deploy/SKILL.md',
      skillMarkdown('deploy', 'Deploys the app'),
    );
    folders.write('workspace/.tinyelf/skills/deploy/scripts/run.sh', 'echo deploy');
    folders.write('home/.tinyelf/skills/pdf/SKILL.md', skillMarkdown('pdf', 'Works with PDFs'));
    folders.write('home/.tinyelf/skills/pdf/reference.md', '# ref');
    const loader = new SkillsLoader({ workspaceRoot: folders.workspace, homeDir: folders.home });
    const registry = new ToolRegistry().registerAll([
      createListSkillsTool(loader),
      createReadSkillTool(loader, folders.workspace),
    ]);
    expect((await registry.execute('c', 'list_skills', {})).content).toBe(
      '- deploy (workspace): Deploys the app\n- pdf (user): Works with PDFs',
    );
    const deploy = await registry.execute('c', 'read_skill', { name: 'deploy' });
    expect(deploy.content).toContain('# deploy\n\nSteps for deploy.');
    expect(deploy.content).toContain(
      'Other files of this skill:\n- .tinyelf/skills/deploy/scripts/run.sh',
    );
    expect((await registry.execute('c', 'read_skill', { name: 'pdf' })).content).toContain(
      `- ${folders.home}/.tinyelf/skills/pdf/reference.md`,
    );
    const unknown = await registry.execute('c', 'read_skill', { name: 'nope' });
    expect(unknown.content).toContain(
      'There is no skill named "nope". Available skills: deploy, pdf.',
    );
  });
});
