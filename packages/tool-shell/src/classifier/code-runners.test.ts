import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Each command is classified in a fresh empty workspace (never run); the verdict must be exactly
// the one listed, so a warning where a block belongs fails as well.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-code-runners-')));

const cases: [Verdict, string][] = [
  ['block', "bash -c 'rm -rf /'"],
  ['block', "bash -lc 'rm -rf /'"],
  ['block', "bash -xc 'rm -rf /'"],
  ['block', 'sh -c \'rm -rf "$1"\' sh /'],
  ['block', "eval 'rm -rf /'"],
  ['block', "echo 'rm -rf /' | at now"],
  ['block', "batch <<< 'rm -rf /'"],
  ['block', 'watch rm -rf /'],
  ['block', "script -qc 'rm -rf /' /dev/null"],
  ['block', "flock /tmp/l -c 'rm -rf /'"],
  ['block', 'flock /tmp/l rm -rf /'],
  ['block', "env -S 'rm -rf /'"],
  ['block', "env --split-string='rm -rf /'"],
  ['block', "env -S'rm -rf /'"],
  ['block', 'env -i PATH=/usr/bin rm -rf /'],
  ['block', 'env -C / rm -rf etc'],
  ['block', "bash --init-file <(echo 'rm -rf /') -i </dev/null"],
  ['block', "BASH_ENV=<(echo 'rm -rf /') bash -c :"],
  ['block', '"$BASH" -c \'rm -rf ~\''],
  ['block', 'sudo -D / rm -rf usr'],
  ['block', 'parallel rm -rf ::: /'],
  ['block', "parallel ::: 'rm -rf /'"],
  ['block', 'echo / | parallel rm -rf {}'],
  ['block', 'echo / | xargs rm -rf'],
  ['block', 'echo -rf / | xargs rm'],
  ['block', "xargs -I{} sh -c 'rm -rf /' < list.txt"],
  ['block', 'find . -exec rm -rf / \\;'],
  ['block', 'find / -maxdepth 0 -exec rm -rf {} +'],
  ['block', 'chroot / rm -rf /'],
  ['block', 'runuser -u x -- rm -rf /'],
  ['block', "runuser -l root -c 'rm -rf /'"],
  ['block', "su -c 'rm -rf /'"],
  ['block', 'sudo rm -rf /'],
  ['block', 'sudo -u root -- nice -n 5 ionice -c3 rm -rf /'],
  ['block', 'doas rm -rf /'],
  ['block', 'fakeroot rm -rf /'],
  ['block', 'nohup setsid stdbuf -oL timeout 5 rm -rf / &'],
  ['block', 'taskset 0x1 chrt 10 rm -rf /'],
  ['block', 'setpriv --reuid=0 rm -rf /'],
  ['block', 'busybox rm -rf /'],
  ['block', "hyperfine 'rm -rf /'"],
  ['block', "hyperfine --prepare 'rm -rf /' true"],
  ['block', "ssh host 'rm -rf /'"],
  ['block', 'ssh -p 22 -i key host rm -rf /'],
  ['block', "git rebase --exec 'rm -rf /' HEAD~1"],
  ['block', "git rebase -x 'rm -rf /' HEAD~1"],
  ['block', "git submodule foreach 'rm -rf /'"],
  ['block', "git submodule foreach --recursive 'rm -rf /'"],
  ['block', 'git bisect run rm -rf /'],
  ['block', "git filter-branch --tree-filter 'rm -rf /' HEAD"],
  ['block', "npx -c 'rm -rf /'"],
  ['block', "npm exec -c 'rm -rf /'"],
  ['block', "tar -xf a.tar --to-command='rm -rf /'"],
  ['block', "tar -cf /dev/null x --checkpoint=1 --checkpoint-action=exec='rm -rf /'"],
  ['block', "zip x.zip README.md -T -TT 'rm -rf / #'"],
  ['block', 'rsync -e \'sh -c "rm -rf /"\' x y:'],
  ['block', "man -P 'rm -rf /' ls"],
  ['block', "gdb -batch -ex '!rm -rf /'"],
  ['block', "vim -es -c '!rm -rf /' -c q"],
  ['block', "less +'!rm -rf /' README.md"],
  ['block', "sed -n '1e rm -rf /' <<< x"],
  ['block', "sed 's/.*/rm -rf ~/e' <<< x"],
  ['block', "echo '* * * * * rm -rf /' | crontab -"],
  ['block', "make -f - <<< $'all:\\n\\trm -rf /'"],
  ['block', "awk 'BEGIN{system(ARGV[1])}' 'rm -rf /'"],
  ['block', "perl -e 'system($ARGV[0])' 'rm -rf /'"],
  ['block', "python3 -c 'import os,sys; os.system(sys.argv[1])' 'rm -rf /'"],
  ['allow', "sh -c 'npm test'"],
  ['allow', 'bash ./scripts/build.sh'],
  ['allow', 'timeout 5 npm test'],
  ['allow', 'env NODE_ENV=production node dist/index.js'],
  ['allow', "find . -name '*.tmp' -exec rm {} +"],
  ['allow', 'git rebase --continue'],
  ['allow', 'ssh host uptime'],
];

describe('Programs that run an argument or their input as code', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/home/elf' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
