import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { createSkillFolders } from '../testing/skill-folders';
import { createSlashCommandTool } from '../tools/slash-command-tool';
import { CommandLoader, expandTemplate } from './command-loader';

describe('slash commands', () => {
  it('expands $ARGUMENTS and $1..$9, quotes grouping words', () => {
    expect(
      expandTemplate('Fix issue $1 in $2; all: $ARGUMENTS; none: $3', '42 "src/app file.ts"'),
    ).toBe('Fix issue 42 in src/app file.ts; all: 42 "src/app file.ts"; none: ');
  });

  it('loads workspace and user commands (workspace first), with their front matter', async () => {
    const folders = createSkillFolders();
    folders.write(
      'workspace/.tinyelf/commands/review.md',
      '---\ndescription: Review a file\nargument-hint: <file>\nallowed-tools: Read, Grep\nmodel: small\n---\nReview $1 carefully.\n',
    );
    folders.write('home/.tinyelf/commands/review.md', 'The user review $ARGUMENTS');
    folders.write('home/.tinyelf/commands/git/summary.md', 'Summarise $ARGUMENTS');
    const loader = new CommandLoader({ workspaceRoot: folders.workspace, homeDir: folders.home });
    expect(
      loader.list().map((command) => [command.name, command.source, command.description]),
    ).toEqual([
      ['git:summary', 'user', 'Summarise $ARGUMENTS'],
      ['review', 'workspace', 'Review a file'],
    ]);
    const review = loader.find('/review');
    expect(review).toMatchObject({
      argumentHint: '<file>',
      allowedTools: ['Read', 'Grep'],
      model: 'small',
    });
    const registry = new ToolRegistry().register(createSlashCommandTool(loader));
    expect(
      (await registry.execute('c', 'slash_command', { command: '/review', args: 'src/app.ts' }))
        .content,
    ).toBe(
      'Command /review:\n\nReview src/app.ts carefully.\n\nAllowed tools for this command: Read, Grep. Use only these while you carry it out.\nModel requested: small.',
    );
    const unknown = await registry.execute('c', 'slash_command', { command: 'deploy' });
    expect(unknown.content).toContain(
      'There is no command "deploy". Available commands: /git:summary, /review.',
    );
  });
});
