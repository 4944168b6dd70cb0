import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HIDDEN_PATHS,
  DEFAULT_READ_ONLY_PATHS,
  existingHiddenPaths,
  planWorkspaceProtection,
} from './protected-mounts';

const folder = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-mounts-')));

describe('the default protected lists', () => {
  it("come from core's model, without names that are ordinary files at a workspace root", () => {
    for (const path of ['.git/hooks', '.gitmodules', '.vscode', 'tinyelf.config.json', 'mise.toml'])
      expect(DEFAULT_READ_ONLY_PATHS).toContain(path);
    expect(DEFAULT_READ_ONLY_PATHS.some((path) => path.startsWith('hooks/'))).toBe(false);
    expect(DEFAULT_READ_ONLY_PATHS).not.toContain('site-packages');
    for (const path of ['~/.ssh', '~/.aws/credentials', '~/.claude', '~/.codex', '/etc/shadow'])
      expect(DEFAULT_HIDDEN_PATHS).toContain(path);
  });
});

describe('planWorkspaceProtection', () => {
  it('binds what exists, pins its folders, and lists what is missing with its first missing folder', () => {
    const root = folder();
    mkdirSync(join(root, '.git', 'hooks'), { recursive: true });
    mkdirSync(join(root, '.github'));
    const plan = planWorkspaceProtection(root, ['.git/hooks', '.github/workflows', '.vscode/x']);
    expect(plan.readOnly).toEqual([join(root, '.git', 'hooks')]);
    expect(plan.pinned).toEqual([join(root, '.git'), join(root, '.github')]);
    expect(plan.missing).toEqual([
      {
        path: join(root, '.github', 'workflows'),
        firstMissing: join(root, '.github', 'workflows'),
      },
      { path: join(root, '.vscode', 'x'), firstMissing: join(root, '.vscode') },
    ]);
  });
});

describe('existingHiddenPaths', () => {
  it('masks a folder once, not again the secrets inside it', () => {
    const home = folder();
    mkdirSync(join(home, '.kube'));
    writeFileSync(join(home, '.kube', 'config'), 'x');
    expect(existingHiddenPaths(['~/.kube', '~/.kube/config'], [home], folder())).toEqual([
      { path: join(home, '.kube'), directory: true },
    ]);
  });
});
