import type { Finding } from '../finding';
import { blockDevicePattern } from '../target-paths';
import { block, operands, type Rule, warn } from './rule';

/** Formatting and wiping disks: `mkfs*`, `mke2fs`, `wipefs`, `blkdiscard`, `format`, `diskpart`. */
export const diskFormatRule: Rule = ({ program }) => {
  if (
    /^(mkfs(\..+)?|mke2fs|mkswap|wipefs|blkdiscard|diskpart(\.exe)?|format(\.com)?|newfs(_.+)?)$/i.test(
      program,
    )
  ) {
    return [block('disk-format', `${program} formats or wipes a disk.`)];
  }
  if (/^(fdisk|sfdisk|gdisk|sgdisk|parted|cfdisk)$/.test(program))
    return [warn('disk-partition', `${program} changes disk partitions.`)];
  return [];
};

/** Writes to block devices: `dd of=/dev/sda`, `> /dev/sda`, `cp x /dev/sda`, `tee /dev/sda`, `shred /dev/sda`. */
export const blockDeviceWriteRule: Rule = ({ program, args, command }) => {
  const findings: Finding[] = [];
  const devices = new Set<string>();
  if (program === 'dd') {
    for (const arg of args)
      if (arg.startsWith('of=') && blockDevicePattern.test(arg.slice(3))) devices.add(arg.slice(3));
  } else if (
    ['cp', 'mv', 'tee', 'install', 'shred', 'pv', 'cat', 'ddrescue', 'badblocks'].includes(program)
  ) {
    const targets = operands(args);
    const written =
      program === 'tee' || program === 'shred'
        ? targets
        : program === 'cat' || program === 'pv'
          ? []
          : targets.slice(-1);
    for (const target of written) if (blockDevicePattern.test(target)) devices.add(target);
    if (program === 'badblocks' && args.includes('-w'))
      for (const target of targets) if (blockDevicePattern.test(target)) devices.add(target);
  }
  for (const redirect of command.redirects) {
    if (/>/.test(redirect.operator) && blockDevicePattern.test(redirect.target))
      devices.add(redirect.target);
  }
  for (const device of devices)
    findings.push(
      block(
        'block-device-write',
        `Writes to the block device ${device}, destroying what is on the disk.`,
      ),
    );
  return findings;
};

/** `shutdown`, `reboot`, `halt`, `poweroff`, `init 0`, `systemctl poweroff`. */
export const powerRule: Rule = ({ program, args }) => {
  const stops =
    /^(shutdown|reboot|halt|poweroff|kexec)$/.test(program) ||
    (/^(init|telinit)$/.test(program) && ['0', '6'].includes(args[0] ?? '')) ||
    (program === 'systemctl' &&
      args.some((arg) => /^(poweroff|reboot|halt|kexec|emergency|rescue)$/.test(arg)));
  return stops
    ? [
        block(
          'shutdown',
          `${`${program} ${args.join(' ')}`.trim()} shuts the machine down or restarts it.`,
        ),
      ]
    : [];
};
