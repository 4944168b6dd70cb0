import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Each command is classified in a fresh empty workspace (never run); the verdict must be exactly
// the one listed, so a warning where a block belongs fails as well.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-options-and-paths-')));

const cases: [Verdict, string][] = [
  ['block', 'rm --rec -f /'],
  ['block', 'rm --recur --force /'],
  ['block', 'rm -r -f -- /'],
  ['block', 'rm -fR /usr'],
  ['block', 'find -L / -delete'],
  ['block', 'find -H / -delete'],
  ['block', 'find / -delete -name foo'],
  ['block', 'find /usr -type f -delete'],
  ['block', '[ -d / ] && rm -rf /'],
  ['block', 'find / -name foo -o -delete'],
  ['block', 'rm -rf /dev/./sda/..'],
  ['block', 'dd if=/dev/zero of=/dev/./sda'],
  ['block', 'dd if=/dev/zero of=/dev//sda'],
  ['block', 'cat x > /dev/./sda'],
  ['block', 'rm -rf /proc/self/root/etc'],
  ['block', 'rm -rf /proc/1/root/usr'],
  ['block', 'rm -rf /proc/self/cwd/..'],
  ['block', 'rm -rf /.//etc'],
  ['block', 'rm -rf /etc/'],
  ['block', 'rm -rf /usr/../etc'],
  ['block', 'ln -s / r && rm -rf r/'],
  ['block', 'ln -sfn ~ h; rm -rf h/*'],
  ['block', 'chmod -R 777 /'],
  ['block', 'chown --recur 1000 /etc'],
  ['block', 'mv /etc /etc.old'],
  ['block', 'mv -t /tmp /usr'],
  ['block', 'rsync --remove-source-files -a ~/ /tmp/x'],
  ['block', 'git -C ~ clean -fdx'],
  ['block', 'find /etc -type f -exec shred -u {} +'],
  ['warn', 'rm -rf /tmp/cache-dir'],
  ['allow', 'rm --force ./a.txt'],
  ['allow', "find . -name '*.log' -delete"],
  ['allow', 'rm -rf ./build/'],
  ['allow', 'git clean -fdx'],
  ['allow', 'mv ./a ./b'],
];

describe('Options parsed as the program parses them, paths normalised', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/home/elf' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
