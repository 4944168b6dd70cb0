import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveWorkspaceRule } from './config/workspace-settings';
import { buildToolRegistry } from './tool-registry-builder';

const workspace = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-build-policy-')));
const plugins = ['@tinyelf/tool-fs', '@tinyelf/tool-shell'];

describe('the policy of a built registry', () => {
  it('is on the registry: a call that asks is refused without confirm, run with a yes', async () => {
    const root = workspace();
    const built = await buildToolRegistry({ config: { workspaceRoot: root, plugins } });
    try {
      const refused = await built.registry.execute('1', 'Bash', { command: 'echo hi' });
      expect(refused).toMatchObject({ isError: true, errorCode: 'PERMISSION_DENIED' });
      expect(refused.content).toContain('needs the user');
      const asked: string[] = [];
      const approved = await built.registry.execute(
        '2',
        'Bash',
        { command: 'echo hi' },
        {
          confirm: ({ toolName }) => {
            asked.push(toolName);
            return true;
          },
        },
      );
      expect(asked).toEqual(['Bash']);
      expect(approved.content).toContain('hi');
    } finally {
      await built.dispose();
    }
  });

  it('takes permissions and { add, remove } tool lists from configuration', async () => {
    const root = workspace();
    const built = await buildToolRegistry({
      config: {
        workspaceRoot: root,
        plugins,
        policy: {
          safeTools: { remove: ['Grep'] },
          editTools: { add: ['Bash'] },
          permissions: { allow: ['Bash(echo:*)'], deny: ['Read(./private/**)'] },
        },
      },
    });
    try {
      expect((await built.registry.decide('Bash', { command: 'echo hi' })).decision).toBe('allow');
      expect((await built.registry.decide('Bash', { command: 'ls' })).decision).toBe('ask');
      expect(
        (await built.registry.decide('Bash', { command: 'ls' }, { mode: 'acceptEdits' })).decision,
      ).toBe('allow');
      expect((await built.registry.decide('Grep', { pattern: 'x' })).decision).toBe('ask');
      expect(await built.registry.decide('Read', { path: 'private/a' })).toMatchObject({
        decision: 'deny',
        matchedRule: 'deny: Read(./private/**)',
      });
    } finally {
      await built.dispose();
    }
  });

  it("refuses a rule whose specifier its tool does not accept, before the build's tools run", async () => {
    const root = workspace();
    const message = await buildToolRegistry({
      config: {
        workspaceRoot: root,
        plugins,
        policy: { permissions: { allow: ['Bash(npm test; ls)'], deny: ['Read('] } },
      },
    }).then(
      () => 'built',
      (error: Error) => error.message,
    );
    expect(message).toContain('policy.permissions.deny: Permission rule "Read(" is malformed');
    const second = await buildToolRegistry({
      config: { workspaceRoot: root, plugins, policy: { permissions: { allow: ['Bash(a; b)'] } } },
    }).then(
      () => 'built',
      (error: Error) => error.message,
    );
    expect(second).toBe(
      'the configuration is not valid (1 problem):\n- policy.permissions.allow: the specifier of "Bash(a; b)" is not valid: "a; b" holds shell operators; a specifier is one command. Bash takes an exact command (`git status`) or a command prefix ending in ":*" (`npm run test:*`), matched against every command the line runs.',
    );
  });

  it("adds the rules saved in .tinyelf/settings.json, and an agent's rules only narrow", async () => {
    const root = workspace();
    const file = saveWorkspaceRule(root, 'allow', 'Bash(git status:*)');
    expect(file).toBe(join(root, '.tinyelf', 'settings.json'));
    saveWorkspaceRule(root, 'allow', 'Bash(git status:*)');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      permissions: { allow: ['Bash(git status:*)'] },
    });
    const config = {
      workspaceRoot: root,
      plugins,
      policy: { permissions: { allow: ['Bash(ls:*)'] } },
      agents: { reviewer: { permissions: { allow: ['Bash(git status:*)', 'Bash(rm:*)'] } } },
    };
    const main = await buildToolRegistry({ config });
    const reviewer = await buildToolRegistry({ config, agent: { name: 'reviewer' } });
    const bare = await buildToolRegistry({ config, workspaceSettings: false });
    try {
      const decision = async (registry: typeof main.registry, command: string) =>
        (await registry.decide('Bash', { command })).decision;
      expect(await decision(main.registry, 'git status')).toBe('allow');
      expect(await decision(main.registry, 'ls')).toBe('allow');
      expect(await decision(bare.registry, 'git status')).toBe('ask');
      expect(await decision(reviewer.registry, 'git status')).toBe('allow');
      expect(await decision(reviewer.registry, 'ls')).toBe('ask');
      expect(await decision(reviewer.registry, 'rm x')).toBe('ask');
    } finally {
      await Promise.all([main.dispose(), reviewer.dispose(), bare.dispose()]);
    }
  });

  it('names a broken settings file', async () => {
    const root = workspace();
    mkdirSync(join(root, '.tinyelf'));
    writeFileSync(join(root, '.tinyelf', 'settings.json'), '{"permissions": {"allow": ["Bash("]}}');
    const message = await buildToolRegistry({ config: { workspaceRoot: root, plugins } }).then(
      () => 'built',
      (error: Error) => error.message,
    );
    expect(message).toContain(`${join(root, '.tinyelf', 'settings.json')}: permissions.allow:`);
  });
});
