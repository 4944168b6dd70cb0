import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Each command is classified in a fresh empty workspace (never run); the verdict must be exactly
// the one listed, so a warning where a block belongs fails as well.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-families-')));

const cases: [Verdict, string][] = [
  ['block', 'kill -9 -1'],
  ['block', 'kill 1'],
  ['block', 'kill -KILL -- -1'],
  ['block', 'kill -s KILL -1'],
  ['block', 'pkill -f .'],
  ['block', "pkill -9 ''"],
  ['block', 'pkill -u root'],
  ['block', 'killall -u root'],
  ['block', 'killall5'],
  ['block', 'killall -9 -r .'],
  ['block', 'kill -9 $(ps -eo pid=)'],
  ['block', 'ps -e -o pid= | xargs kill -9'],
  ['block', 'fuser -k /'],
  ['block', "systemctl kill --signal=KILL '*'"],
  ['warn', 'pkill node'],
  ['allow', 'kill %1'],
  ['allow', 'kill -0 1234'],
  ['block', 'shutdown -h now'],
  ['block', 'systemctl isolate poweroff.target'],
  ['block', 'systemctl start reboot.target'],
  ['block', 'systemctl poweroff'],
  ['block', 'loginctl poweroff'],
  ['block', 'loginctl reboot'],
  ['block', 'echo o > /proc/sysrq-trigger'],
  ['block', 'echo b | tee /proc/sysrq-trigger'],
  ['block', 'echo disk > /sys/power/state'],
  ['block', 'telinit 0'],
  ['block', 'init 6'],
  ['block', 'rtcwake -m off -s 60'],
  [
    'block',
    'busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager PowerOff b true',
  ],
  ['allow', 'systemctl status nginx'],
  ['block', 'mkntfs /dev/sda1'],
  ['block', 'mkdosfs /dev/sdb'],
  ['block', 'mkfs.ext4 /dev/sdb'],
  ['block', 'mkfs.ext4 $(lsblk -ndo path | head -1)'],
  ['block', 'nvme format /dev/nvme0n1'],
  ['block', 'nvme sanitize /dev/nvme0'],
  ['block', 'cryptsetup luksFormat /dev/sda2'],
  ['block', 'cryptsetup erase /dev/sda2'],
  ['block', 'dcfldd if=/dev/zero of=/dev/sda'],
  ['block', 'hdparm --security-erase p /dev/sda'],
  ['block', 'sgdisk --zap-all /dev/sda'],
  ['block', "echo ';' | sfdisk /dev/sda"],
  ['block', 'blkdiscard /dev/sda'],
  ['block', 'wipefs -a /dev/sda'],
  ['block', 'badblocks -wsv /dev/sdb'],
  ['block', 'lvremove -f /dev/vg0/root'],
  ['block', 'zpool destroy -f tank'],
  ['block', 'flashrom -p internal -E'],
  ['block', 'umount -l /'],
  ['allow', 'mkfs.ext4 -F ./disk.img'],
  ['allow', 'fdisk -l'],
  ['warn', 'run0 ls'],
  ['warn', 'pkexec ls'],
  ['warn', 'sudo -i'],
  ['warn', 'setcap cap_net_raw+ep ./x'],
  ['warn', 'chmod u+s ./x'],
  ['warn', 'chmod 4755 ./x'],
  ['warn', 'install -m 4755 x ./bin/x'],
  ['warn', 'docker run --privileged alpine'],
  ['warn', 'docker run -v /:/host alpine'],
  ['warn', 'docker run --pid=host alpine'],
  ['warn', 'docker exec -u 0 app sh'],
  ['warn', 'useradd -o -u 0 backdoor'],
  ['warn', 'setenforce 0'],
  ['warn', 'sysctl -w kernel.unprivileged_userns_clone=1'],
  ['allow', 'docker run -w /app node:20 npm test'],
  ['allow', 'docker build -t app .'],
];

describe('Killing everything, power, disk wipers, privilege tools', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/home/elf' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
