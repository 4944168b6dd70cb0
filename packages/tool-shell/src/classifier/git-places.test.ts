import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// git told to work in another folder, repository or work tree. Never executed.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-git-places-')));

const cases: [Verdict, string][] = [
  ['warn', 'git -C /srv/other-repo log --oneline'],
  ['warn', 'git -C .. -C ../.. status'],
  ['warn', 'GIT_DIR=/tmp/x/.git git log'],
  ['warn', 'git --git-dir /opt/app/.git diff'],
  ['warn', 'git --work-tree ~ checkout -f HEAD -- .profile'],
  ['block', 'git --work-tree=/ restore --source=HEAD -- etc/shadow'],
  ['block', 'git archive --output=/etc/passwd HEAD'],
  ['warn', 'git archive -o ~/.zshrc HEAD:dotfiles/zshrc'],
  ['warn', 'git -C .git/hooks archive --output=post-checkout HEAD'],
  ['warn', 'git clone https://example.com/x ~/.config/systemd/user'],
  ['warn', 'git clone -c core.hooksPath=hooks https://example.com/r'],
  ['warn', "git -c web.browser='python3 x.py' web--browse https://example.com"],
  ['warn', 'GIT_TRACE2_EVENT=/root/.bashrc git fetch'],
  ['warn', 'XDG_CONFIG_HOME=/tmp/cfg git pull'],
  ['warn', 'git daemon --base-path=/ --export-all'],
  ['allow', 'git -C packages/core status'],
  ['allow', 'git clone https://github.com/org/repo.git vendor/repo'],
  ['allow', 'git archive -o dist/source.tar.gz HEAD'],
  ['allow', 'git --work-tree=. --git-dir=.git status'],
  ['allow', 'GIT_TRACE=1 git fetch'],
];

describe('git working somewhere else', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/root' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
