import type { RiskWarning } from '@tinyelf/core';

const shellStartupFiles = new Set([
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.zlogout',
  '.cshrc',
  '.tcshrc',
  '.kshrc',
  '.envrc',
]);

/**
 * Risk warnings for writing a path (relative to the workspace) that runs code or grants
 * permissions: git hooks and config, editor task folders, MCP and framework configuration, shell
 * start-up files, CI workflows. Segments are compared without case and without trailing dots or
 * spaces, since some file systems treat `.GIT` and `.git.` as `.git`.
 */
export function protectedPathWarnings(relativePaths: readonly string[]): RiskWarning[] {
  const warnings = new Map<string, RiskWarning>();
  for (const relativePath of relativePaths) {
    const segments = relativePath
      .split(/[\\/]+/)
      .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
      .map((segment) => segment.toLowerCase().replace(/[. ]+$/, ''))
      .filter(Boolean);
    const warning = classify(segments);
    if (warning) warnings.set(warning.rule, warning);
  }
  return [...warnings.values()];
}

function classify(segments: readonly string[]): RiskWarning | undefined {
  const gitIndex = segments.indexOf('.git');
  if (gitIndex !== -1) {
    const inside = segments.slice(gitIndex + 1);
    if (inside[0] === 'hooks')
      return { rule: 'git-hooks', message: 'Writes a git hook, which git runs as a program.' };
    if (inside[0] === 'config')
      return {
        rule: 'git-config',
        message:
          'Changes .git/config, which can make git run programs (core.hooksPath, core.pager, core.sshCommand).',
      };
    return { rule: 'git-internals', message: 'Writes inside the .git folder.' };
  }
  const name = segments.at(-1) ?? '';
  if (segments.includes('.vscode') || segments.includes('.idea')) {
    return {
      rule: 'editor-config',
      message: 'Writes editor configuration, whose tasks and settings can run programs.',
    };
  }
  if (segments.includes('.husky'))
    return { rule: 'git-hooks', message: 'Writes a husky git hook, which git runs as a program.' };
  if (segments[0] === '.github' && segments[1] === 'workflows') {
    return {
      rule: 'ci-workflow',
      message: 'Writes a CI workflow, which runs programs with the repository secrets.',
    };
  }
  if (name === '.mcp.json')
    return {
      rule: 'mcp-config',
      message: 'Changes .mcp.json, which decides what MCP servers (programs) are started.',
    };
  if (segments.includes('.tinyelf')) {
    return {
      rule: 'framework-config',
      message:
        'Writes TinyElf configuration (.tinyelf), which decides what tools and permissions agents get.',
    };
  }
  if (shellStartupFiles.has(name) || (segments.includes('fish') && name === 'config.fish')) {
    return {
      rule: 'shell-startup',
      message: `Writes the shell start-up file ${name}, which every new shell runs.`,
    };
  }
  return undefined;
}
