import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolPolicy } from '../policy/tool-policy';
import type { ITool } from '../tool/tool';

// The decision resolves a call's path on disk once per decision and never reuses it for a later
// one; these tests change the disk between two decisions of the same policy and the same call.

function tool(name: string): ITool {
  return {
    name,
    description: name,
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
    execute: async () => `${name} ran`,
  };
}

function workspace(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'path-rules-')));
  mkdirSync(join(root, 'src', 'app'), { recursive: true });
  mkdirSync(join(root, 'secrets'));
  writeFileSync(join(root, 'src', 'app', 'main.ts'), '');
  writeFileSync(join(root, 'secrets', 'key'), 'k');
  return root;
}

const rules = {
  allow: ['Read(./src/**)', 'Edit(/src/**/*.ts)'],
  deny: ['Read(./secrets/**)', 'Edit(./secrets/**)'],
};

function deciderIn(root: string) {
  const policy = new ToolPolicy({ permissions: rules });
  return async (name: string, path: string) =>
    (
      await policy.decide({
        tool: tool(name),
        params: { path },
        mode: 'default',
        workspaceRoot: root,
      })
    ).behavior;
}

describe('path rules against the disk as it is now', () => {
  it('denies the second decision after a folder is swapped for a link to a denied folder', async () => {
    const root = workspace();
    const decide = deciderIn(root);
    expect(await decide('Read', 'src/app/main.ts')).toBe('allow');
    expect(await decide('Edit', 'src/app/main.ts')).toBe('allow');
    renameSync(join(root, 'src', 'app'), join(root, 'app-moved'));
    symlinkSync(join(root, 'secrets'), join(root, 'src', 'app'));
    expect(await decide('Read', 'src/app/main.ts')).toBe('deny');
    expect(await decide('Edit', 'src/app/main.ts')).toBe('deny');
    expect(await decide('Write', 'src/app/new.ts')).toBe('deny');
    // And back: the link's answer is not kept either.
    rmSync(join(root, 'src', 'app'));
    renameSync(join(root, 'app-moved'), join(root, 'src', 'app'));
    expect(await decide('Read', 'src/app/main.ts')).toBe('allow');
  });

  it('denies after a folder above the path moves into a denied folder behind a link', async () => {
    // The call's folder keeps its inode and its own times: only a resolution of the whole path
    // (not a check of the folder alone) sees that it now lies inside the denied folder.
    const root = workspace();
    const decide = deciderIn(root);
    expect(await decide('Edit', 'src/app/main.ts')).toBe('allow');
    renameSync(join(root, 'src'), join(root, 'secrets', 'src'));
    symlinkSync(join(root, 'secrets', 'src'), join(root, 'src'));
    expect(await decide('Edit', 'src/app/main.ts')).toBe('deny');
    expect(await decide('Write', 'src/app/new.ts')).toBe('deny');
  });

  it('judges a path created after an earlier decision by what it is now', async () => {
    const root = workspace();
    const decide = deciderIn(root);
    expect(await decide('Read', 'src/app/later.ts')).toBe('allow');
    expect(await decide('Write', 'src/app/later.ts')).toBe('allow');
    symlinkSync(join(root, 'secrets', 'key'), join(root, 'src', 'app', 'later.ts'));
    expect(await decide('Read', 'src/app/later.ts')).toBe('deny');
    expect(await decide('Write', 'src/app/later.ts')).toBe('deny');
    // A dangling link into the denied folder (a file not there yet) is denied too.
    symlinkSync(join(root, 'secrets', 'not-yet'), join(root, 'src', 'app', 'dangling.ts'));
    expect(await decide('Write', 'src/app/dangling.ts')).toBe('deny');
  });

  it('normalises `..`, `.` and doubled slashes, and ignores case for deny rules', async () => {
    const decide = deciderIn(workspace());
    expect(await decide('Read', 'src/../secrets/key')).toBe('deny');
    expect(await decide('Read', './src/./app/../../secrets/key')).toBe('deny');
    expect(await decide('Read', 'src//..//secrets//key')).toBe('deny');
    expect(await decide('Read', 'SECRETS/key')).toBe('deny');
    expect(await decide('Read', 'Secrets/New')).toBe('deny');
    expect(await decide('ListDir', 'secrets')).toBe('deny');
    expect(await decide('ListDir', 'src')).toBe('allow');
    // Allow rules match the real location exactly: another case is not the allowed folder.
    expect(await decide('Edit', 'SRC/app/main.ts')).toBe('ask');
    expect(await decide('Edit', 'src/app/main.js')).toBe('ask');
    expect(await decide('Edit', 'src/app/deeper/x.ts')).toBe('allow');
  });

  it('ignores case beyond ASCII the way the rule patterns do', async () => {
    const root = workspace();
    mkdirSync(join(root, 'sécrets'));
    const policy = new ToolPolicy({
      permissions: { deny: ['Read(./sécrets/**)', 'Read(./secrets/**)'] },
    });
    const decide = async (path: string) =>
      (
        await policy.decide({
          tool: tool('Read'),
          params: { path },
          mode: 'default',
          workspaceRoot: root,
        })
      ).behavior;
    expect(await decide('SÉCRETS/a')).toBe('deny');
    expect(await decide('sécrets/a')).toBe('deny');
    expect(await decide('secrets/ключ')).toBe('deny');
    expect(await decide('SECRETS/ключ')).toBe('deny');
    expect(await decide('src/ключ')).toBe('allow');
  });

  it('keeps concurrent decisions apart', async () => {
    const decide = deciderIn(workspace());
    const paths = ['secrets/key', 'src/app/main.ts', 'SECRETS/x', 'src/app/new.ts'];
    const answers = await Promise.all([...paths, ...paths].map((path) => decide('Read', path)));
    expect(answers).toEqual(['deny', 'allow', 'deny', 'allow', 'deny', 'allow', 'deny', 'allow']);
  });

  it('keeps decisions apart that interleave on an asynchronous matcher', async () => {
    const root = workspace();
    // Write's own (slow) support for `Write(x)` rules, and core's for the `Edit(x)` rules after it.
    const write: ITool = {
      ...tool('Write'),
      permissionSpecifiers: {
        syntax: 'anything',
        problem: () => undefined,
        match: (_params, _specifiers, _kind) =>
          new Promise((resolve) => setTimeout(() => resolve([]), 5)),
      },
    };
    const policy = new ToolPolicy({
      permissions: { deny: ['Write(never)', 'Edit(./secrets/**)'], allow: ['Edit(./src/**)'] },
    });
    const decide = async (path: string) =>
      (await policy.decide({ tool: write, params: { path }, mode: 'default', workspaceRoot: root }))
        .behavior;
    const answers = await Promise.all(
      ['secrets/a', 'src/a', 'SECRETS/b', 'src/b'].map((path) => decide(path)),
    );
    expect(answers).toEqual(['deny', 'allow', 'deny', 'allow']);
  });
});
