import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { permissionRuleProblems } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../classifier/classify-command';
import { createShellTool } from '../tools/bash';
import { parseBashPattern, suggestBashSpecifiers } from './bash-specifiers';

const workspaceRoot = realpathSync(tmpdir());

describe('Bash specifiers', () => {
  it('reads an exact command and a prefix ending in :*, quotes removed', () => {
    expect(parseBashPattern('git status')).toEqual({ words: ['git', 'status'], prefix: false });
    expect(parseBashPattern('npm run test:*')).toEqual({
      words: ['npm', 'run', 'test'],
      prefix: true,
    });
    expect(parseBashPattern('git commit -m "a b":*')).toEqual({
      words: ['git', 'commit', '-m', 'a b'],
      prefix: true,
    });
  });

  it('refuses what is not one literal command, saying why, as a configuration problem', () => {
    const tools = [createShellTool({ workspaceRoot, sandbox: 'none' })];
    expect(
      permissionRuleProblems(
        { allow: ['Bash(npm test; ls)', 'Bash(git * main)', 'Bash(echo $HOME)', 'Bash("open)'] },
        { tools },
      ),
    ).toEqual([
      'permissions.allow: the specifier of "Bash(npm test; ls)" is not valid: "npm test; ls" holds shell operators; a specifier is one command. Bash takes an exact command (`git status`) or a command prefix ending in ":*" (`npm run test:*`), matched against every command the line runs.',
      'permissions.allow: the specifier of "Bash(git * main)" is not valid: "git * main" has a "*" that is not the ":*" at its end; only a prefix ending in ":*" is a wildcard. Bash takes an exact command (`git status`) or a command prefix ending in ":*" (`npm run test:*`), matched against every command the line runs.',
      'permissions.allow: the specifier of "Bash(echo $HOME)" is not valid: "echo $HOME" has a "$"; a specifier\'s words are literal (variables and substitutions are not expanded). Bash takes an exact command (`git status`) or a command prefix ending in ":*" (`npm run test:*`), matched against every command the line runs.',
      'permissions.allow: the specifier of "Bash("open)" is not valid: ""open" has an unclosed ". Bash takes an exact command (`git status`) or a command prefix ending in ":*" (`npm run test:*`), matched against every command the line runs.',
    ]);
  });

  it('suggests the narrowest prefix of each command for "always allow"', async () => {
    const suggest = async (command: string) =>
      suggestBashSpecifiers(await classifyCommand(command, { workspaceRoot }));
    expect(await suggest('git status --short')).toEqual(['git status:*']);
    expect(await suggest('npm run test -- --watch')).toEqual(['npm run test:*']);
    expect(await suggest('ls -la src')).toEqual(['ls:*']);
    expect(await suggest('cd sub && make build')).toEqual(['make build:*']);
    expect(await suggest('git add . && git commit -m x')).toEqual(['git add:*', 'git commit:*']);
    expect(await suggest('$TOOL run')).toEqual([]);
  });
});
