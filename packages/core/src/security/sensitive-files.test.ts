import { describe, expect, it } from 'vitest';
import {
  codeRunningFileWarning,
  homeSecretPaths,
  sandboxReadOnlyPaths,
  secretFileWarning,
  systemSecretPaths,
} from './sensitive-file-warnings';

describe('codeRunningFileWarning', () => {
  it.each([
    ['.git/hooks/pre-commit', 'git-hooks'],
    ['.GIT/hooks/pre-commit', 'git-hooks'],
    ['.git./hooks/pre-commit', 'git-hooks'],
    ['.git /HOOKS/post-checkout', 'git-hooks'],
    ['./.git//hooks/./pre-push', 'git-hooks'],
    ['src/../.git/hooks/pre-push', 'git-hooks'],
    ['vendor/lib/.git/hooks/post-merge', 'git-hooks'],
    ['/home/me/repo/.git/hooks/pre-commit', 'git-hooks'],
    ['.git\\hooks\\pre-commit', 'git-hooks'],
    ['.git/modules/sub/hooks/post-checkout', 'git-hooks'],
    ['.husky/pre-commit', 'git-hooks'],
    ['hooks/pre-commit', 'git-hooks'],
    ['/tmp/x/hooks/post-checkout', 'git-hooks'],
    ['.pre-commit-config.yaml', 'git-hooks'],
    ['lefthook.yml', 'git-hooks'],
    ['.git/config', 'git-config'],
    ['.git/config::$DATA', 'git-config'],
    ['.Git/Config', 'git-config'],
    ['.git/config.worktree', 'git-config'],
    ['/root/.gitconfig', 'git-config'],
    ['.config/git/config', 'git-config'],
    ['.gitattributes', 'git-attributes'],
    ['.git/info/attributes', 'git-attributes'],
    ['.gitmodules', 'git-submodules'],
    ['.GITMODULES.', 'git-submodules'],
    ['.git/refs/heads/main', 'git-internals'],
    ['.vscode/tasks.json', 'editor-config'],
    ['.vscode/settings.json', 'editor-config'],
    ['.idea/workspace.xml', 'editor-config'],
    ['project.code-workspace', 'editor-config'],
    ['.dir-locals.el', 'editor-config'],
    ['.exrc', 'editor-config'],
    ['.github/workflows/ci.yml', 'ci-workflow'],
    ['.github/actions/x/action.yml', 'ci-workflow'],
    ['.GitHub/Actions/setup/action.yaml', 'ci-workflow'],
    ['.gitlab-ci.yml', 'ci-workflow'],
    ['.circleci/config.yml', 'ci-workflow'],
    ['Jenkinsfile', 'ci-workflow'],
    ['azure-pipelines.yml', 'ci-workflow'],
    ['.travis.yml', 'ci-workflow'],
    ['bitbucket-pipelines.yml', 'ci-workflow'],
    ['.buildkite/pipeline.yml', 'ci-workflow'],
    ['.devcontainer/devcontainer.json', 'dev-container'],
    ['.devcontainer/Dockerfile', 'dev-container'],
    ['.devcontainer.json', 'dev-container'],
    ['.tinyelf/config.json', 'framework-config'],
    ['tinyelf.config.ts', 'framework-config'],
    ['.mcp.json', 'mcp-config'],
    ['.claude/settings.json', 'agent-config'],
    ['.claude/settings.local.json', 'agent-config'],
    ['.Claude/commands/x.md', 'agent-config'],
    ['.cursor/mcp.json', 'agent-config'],
    ['.gemini/settings.json', 'agent-config'],
    ['.codex/config.toml', 'agent-config'],
    ['.windsurf/rules/x.md', 'agent-config'],
    ['AGENTS.md', 'agent-instructions'],
    ['CLAUDE.md', 'agent-instructions'],
    ['.cursorrules', 'agent-instructions'],
    ['.bashrc', 'shell-startup'],
    ['/home/me/.profile', 'shell-startup'],
    ['~/.zshrc', 'shell-startup'],
    ['.bash_profile', 'shell-startup'],
    ['.envrc', 'shell-startup'],
    ['.config/fish/config.fish', 'shell-startup'],
    ['/etc/profile.d/x.sh', 'shell-startup'],
    ['.ripgreprc', 'tool-config'],
    ['.npmrc', 'tool-config'],
    ['.yarnrc.yml', 'tool-config'],
    ['.yarnrc', 'tool-config'],
    ['.pnpmfile.cjs', 'tool-config'],
    ['.cargo/config.toml', 'tool-config'],
    ['.gdbinit', 'tool-config'],
    ['.venv/lib/python3.12/site-packages/evil.pth', 'tool-config'],
    ['~/.ssh/authorized_keys', 'ssh-config'],
    ['/root/.ssh/config', 'ssh-config'],
    ['/home/me/.docker/config.json', 'credential-helper-config'],
    ['/var/spool/cron/crontabs/root', 'scheduled-jobs'],
    ['/etc/crontab', 'scheduled-jobs'],
    ['/etc/cron.d/job', 'scheduled-jobs'],
    ['~/.config/systemd/user/x.service', 'scheduled-jobs'],
    ['/etc/sudoers.d/me', 'system-privileges'],
    ['/etc/ld.so.preload', 'system-privileges'],
  ])('%s is %s', (path, rule) => {
    expect(codeRunningFileWarning(path)?.rule).toBe(rule);
  });

  it.each([
    'src/app.ts',
    'README.md',
    'docs/git/hooks.md',
    'src/hooks/use-post.ts',
    'hooks/update.md',
    'github/workflows/ci.yml',
    'my.git/hooks/x',
    'src/config',
    '.gitignore',
    'package.json',
    'workflows/ci.yml',
    'etc/crontab',
    '.github/ISSUE_TEMPLATE/bug.md',
    '.env',
  ])('%s is an ordinary file', (path) => {
    expect(codeRunningFileWarning(path)).toBeUndefined();
  });

  it('words the warning the same for every tool, and flags folders holding such files when asked', () => {
    expect(codeRunningFileWarning('.git/hooks/pre-commit')?.message).toBe(
      'Writes .git/hooks/pre-commit, a git hook or hook configuration, which git runs as a program.',
    );
    expect(codeRunningFileWarning('./.claude/settings.json')?.message).toBe(
      "Writes .claude/settings.json, a coding agent's configuration, which decides what it runs and what it may do without asking.",
    );
    expect(codeRunningFileWarning('.github')).toBeUndefined();
    expect(codeRunningFileWarning('.github', { ancestors: true })?.message).toBe(
      "Writes .github, a folder that holds a CI definition, which runs programs with the repository's secrets.",
    );
    expect(codeRunningFileWarning('.git/', { ancestors: true })?.rule).toBe('git-internals');
    expect(codeRunningFileWarning('src', { ancestors: true })).toBeUndefined();
  });
});

describe('secretFileWarning', () => {
  it.each([
    ['/home/me/.ssh/id_rsa', 'a private key'],
    ['/root/.ssh/id_ed25519', 'a private key'],
    ['~/.ssh/id_ecdsa', 'a private key'],
    ['/Users/me/.SSH/ID_RSA', 'a private key'],
    ['/etc/ssh/ssh_host_ed25519_key', 'a private key'],
    ['/home/me/.aws/credentials', 'cloud'],
    ['/home/me/.config/gcloud/application_default_credentials.json', 'cloud'],
    ['/home/me/.azure/accessTokens.json', 'cloud'],
    ['/home/me/.kube/config', 'cloud'],
    ['/home/me/.docker/config.json', 'cloud'],
    ['/var/run/secrets/kubernetes.io/serviceaccount/token', 'cloud'],
    ['/home/me/.netrc', 'registry'],
    ['/home/me/.npmrc', 'registry'],
    ['/home/me/.pypirc', 'registry'],
    ['/home/me/.git-credentials', 'registry'],
    ['/home/me/.config/gh/hosts.yml', 'registry'],
    ['/home/me/.gnupg/private-keys-v1.d/x.key', 'key store'],
    ['/home/me/.bash_history', 'command history'],
    ['/home/me/other/.env', 'environment variables'],
    ['/home/me/other/.env.production', 'environment variables'],
    ['/proc/self/environ', 'environment variables'],
    ['/proc/1/environ', 'environment variables'],
    ['/etc/shadow', 'password hashes'],
    ['/home/me/.claude/.credentials.json', 'tokens'],
  ])('%s holds %s', (path, words) => {
    expect(secretFileWarning(path)?.message).toContain(words);
  });

  it.each([
    '/home/me/.ssh/id_rsa.pub',
    '/home/me/.ssh/known_hosts',
    '/etc/hosts',
    '/etc/passwd',
    '/usr/share/doc/x',
    '/home/me/other/.env.example',
    '/proc/cpuinfo',
  ])('%s holds no secret', (path) => {
    expect(secretFileWarning(path)).toBeUndefined();
  });

  it('says what is read or sent', () => {
    expect(secretFileWarning('~/.aws/credentials', { verb: 'Sends' })?.message).toBe(
      'Sends ~/.aws/credentials, which holds cloud, cluster or container credentials, from outside the workspace.',
    );
  });
});

describe('sandbox paths', () => {
  it('keeps files that run code read-only, but not the git objects commits need', () => {
    const paths = sandboxReadOnlyPaths();
    for (const path of [
      '.git/hooks',
      '.git/config',
      '.gitmodules',
      '.gitattributes',
      '.vscode',
      '.github/workflows',
      '.claude',
      '.mcp.json',
      '.tinyelf',
      '.envrc',
      '.npmrc',
      '.devcontainer',
    ])
      expect(paths).toContain(path);
    expect(paths).toContain('Jenkinsfile');
    expect(paths).toContain('.git/modules');
    for (const path of ['tinyelf.config.json', 'tinyelf.config.ts', 'mise.toml', 'lefthook.yml'])
      expect(paths).toContain(path);
    for (const path of [
      '.git',
      '.git/objects',
      'AGENTS.md',
      '.git/worktrees',
      'hooks/pre-commit',
      'site-packages',
    ])
      expect(paths).not.toContain(path);
  });

  it('hides the secret folders of the home', () => {
    const paths = homeSecretPaths();
    for (const path of ['.ssh', '.aws/credentials', '.config/gcloud', '.gnupg', '.netrc', '.kube'])
      expect(paths).toContain(path);
    expect(paths).not.toContain('.env');
    expect(systemSecretPaths()).toEqual(
      expect.arrayContaining(['/etc/shadow', '/etc/sudoers.d', '/run/secrets', '/etc/ssl/private']),
    );
    expect(systemSecretPaths().some((path) => path.includes('*'))).toBe(false);
  });
});
