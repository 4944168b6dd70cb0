import { linkSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ToolPolicy, WorkspaceGuard } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { secretReadWarnings } from '../protected-paths';
import { createTestWorkspace } from '../testing/test-workspace';

const policy = new ToolPolicy();

/** Whether a Write or Edit of `path` asks the user in acceptEdits mode, and the rule it names. */
async function judge(tool: 'Write' | 'Edit', path: string, setup?: (root: string) => void) {
  const workspace = createTestWorkspace({}, { restrictToWorkspace: false });
  setup?.(workspace.root);
  const input =
    tool === 'Write'
      ? { path, content: 'x' }
      : { path, old_string: 'a', new_string: 'b', replace_all: false };
  const warnings = await workspace.registry.assessRisk(tool, input);
  return {
    asks: policy.requiresConfirmation(tool, 'acceptEdits', warnings),
    rules: warnings.map((warning) => warning.rule),
    messages: warnings.map((warning) => warning.message),
  };
}

describe('Write and Edit in acceptEdits ask for files that run code or grant permissions', () => {
  it.each([
    ['.claude/settings.json', 'agent-config'],
    ['.claude/settings.local.json', 'agent-config'],
    ['.cursor/mcp.json', 'agent-config'],
    ['.gemini/settings.json', 'agent-config'],
    ['.codex/config.toml', 'agent-config'],
    ['.gitmodules', 'git-submodules'],
    ['.gitattributes', 'git-attributes'],
    ['.devcontainer/devcontainer.json', 'dev-container'],
    ['.gitlab-ci.yml', 'ci-workflow'],
    ['.github/actions/x/action.yml', 'ci-workflow'],
    ['.github/workflows/release.yml', 'ci-workflow'],
    ['.circleci/config.yml', 'ci-workflow'],
    ['Jenkinsfile', 'ci-workflow'],
    ['.ripgreprc', 'tool-config'],
    ['.npmrc', 'tool-config'],
    ['.yarnrc.yml', 'tool-config'],
    ['.pnpmfile.cjs', 'tool-config'],
    ['.git/hooks/pre-commit', 'git-hooks'],
    ['.GIT/hooks/pre-commit', 'git-hooks'],
    ['.git./hooks/pre-commit', 'git-hooks'],
    ['.git/config', 'git-config'],
    ['.git/info/attributes', 'git-attributes'],
    ['.husky/pre-push', 'git-hooks'],
    ['.vscode/tasks.json', 'editor-config'],
    ['.idea/runConfigurations/x.xml', 'editor-config'],
    ['.mcp.json', 'mcp-config'],
    ['.tinyelf/config.json', 'framework-config'],
    ['tinyelf.config.json', 'framework-config'],
    ['.envrc', 'shell-startup'],
    ['.bashrc', 'shell-startup'],
    ['AGENTS.md', 'agent-instructions'],
    ['sub/project/.vscode/settings.json', 'editor-config'],
  ])('Write %s asks (%s)', async (path, rule) => {
    const { asks, rules } = await judge('Write', path);
    expect(rules).toEqual([rule]);
    expect(asks).toBe(true);
  });

  it.each([
    ['.git/hooks/post-checkout', 'git-hooks'],
    ['.claude/settings.json', 'agent-config'],
    ['.devcontainer/devcontainer.json', 'dev-container'],
  ])('Edit %s asks (%s)', async (path, rule) => {
    const { asks, rules } = await judge('Edit', path);
    expect(rules).toEqual([rule]);
    expect(asks).toBe(true);
  });

  it.each([
    'src/app.ts',
    'README.md',
    'docs/ci.md',
    'package.json',
    '.gitignore',
    'test/.env.example',
  ])('Write %s needs no confirmation', async (path) => {
    const { asks, rules } = await judge('Write', path);
    expect(rules).toEqual([]);
    expect(asks).toBe(false);
  });

  it('follows a symbolic link to where the write really lands', async () => {
    const { asks, messages } = await judge('Write', 'scripts/pre-commit', (root) => {
      mkdirSync(join(root, '.git/hooks'), { recursive: true });
      symlinkSync(join(root, '.git/hooks'), join(root, 'scripts'));
    });
    expect(asks).toBe(true);
    expect(messages).toEqual([
      'Writes .git/hooks/pre-commit, a git hook or hook configuration, which git runs as a program.',
    ]);
  });

  it('recognises files outside the workspace by their absolute location', async () => {
    expect((await judge('Write', '/etc/cron.d/job')).rules).toEqual(['scheduled-jobs']);
    expect((await judge('Write', '/root/.ssh/authorized_keys')).rules).toEqual(['ssh-config']);
    expect((await judge('Write', '/home/someone/.profile')).rules).toEqual(['shell-startup']);
  });
});

describe('secretReadWarnings', () => {
  it('warns for secrets whose real location is outside the workspace, never for workspace files', () => {
    const workspace = createTestWorkspace({ 'fixtures/.ssh/id_rsa': 'fake' });
    const key = workspace.write(join(workspace.outside, 'home/.ssh/id_rsa'), 'KEY');
    workspace.write(join(workspace.outside, 'home/.ssh/id_rsa.pub'), 'PUB');
    symlinkSync(key, join(workspace.root, 'innocent.txt'));
    const guard = new WorkspaceGuard({ workspaceRoot: workspace.root, restrictToWorkspace: false });
    expect(secretReadWarnings(guard, key)).toEqual([
      {
        rule: 'secret-file',
        message: `Reads ${key}, which holds a private key, from outside the workspace.`,
      },
    ]);
    expect(secretReadWarnings(guard, 'innocent.txt')[0]?.message).toBe(
      'Reads innocent.txt, which holds a private key, from outside the workspace.',
    );
    expect(secretReadWarnings(guard, `${key}.pub`)).toEqual([]);
    expect(secretReadWarnings(guard, 'fixtures/.ssh/id_rsa')).toEqual([]);
  });
});

describe('Read of a secret outside the workspace', () => {
  it('carries the secret-file warning, so the confirmation step asks even for a safe tool', async () => {
    const workspace = createTestWorkspace({}, { restrictToWorkspace: false });
    const key = workspace.write(join(workspace.outside, 'home/.aws/credentials'), '[default]');
    const warnings = await workspace.registry.assessRisk('Read', { path: key });
    expect(warnings.map((warning) => warning.rule)).toEqual(['secret-file']);
    expect(policy.requiresConfirmation('Read', 'acceptEdits', warnings)).toBe(true);
    expect(await workspace.registry.assessRisk('Read', { path: 'README.md' })).toEqual([]);
  });
});

describe('Write and Edit judge every name of a hard-linked file', () => {
  const link = (target: string) => (root: string) => {
    mkdirSync(join(root, dirname(target)), { recursive: true });
    writeFileSync(join(root, target), '[core]\n');
    linkSync(join(root, target), join(root, 'cfg'));
  };

  it('Edit of a hard link to .git/config asks in acceptEdits and names the protected file', async () => {
    const { asks, rules, messages } = await judge('Edit', 'cfg', link('.git/config'));
    expect(asks).toBe(true);
    expect(rules).toEqual(['git-config']);
    expect(messages[0]).toMatch(/^"cfg" is a hard link to "\.git\/config": /);
  });

  it.each([
    ['.git/hooks/pre-commit', 'git-hooks'],
    ['.github/workflows/ci.yml', 'ci-workflow'],
    ['AGENTS.md', 'agent-instructions'],
  ])('Write of a hard link to %s asks (%s)', async (target, rule) => {
    const { asks, rules } = await judge('Write', 'cfg', link(target));
    expect(asks).toBe(true);
    expect(rules).toEqual([rule]);
  });

  it('a hard link whose other names are unknown asks; a file with one link does not', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'hard-link-outside-'));
    const linked = await judge('Edit', 'notes.txt', (root) => {
      writeFileSync(join(outside, 'secret.txt'), 'a');
      linkSync(join(outside, 'secret.txt'), join(root, 'notes.txt'));
    });
    expect(linked.asks).toBe(true);
    expect(linked.rules).toEqual(['hard-linked-file']);
    expect(linked.messages[0]).toBe(
      'Changes "notes.txt", which has 2 hard links: its other names may be files that run code or lie outside the workspace, and they change with it.',
    );
    const plain = await judge('Edit', 'notes.txt', (root) =>
      writeFileSync(join(root, 'notes.txt'), 'a'),
    );
    expect(plain).toEqual({ asks: false, rules: [], messages: [] });
  });
});
