import type { Finding } from '../finding';
import { openedPath } from '../linked-paths';
import { DYNAMIC, isStatic } from '../shell-word';
import { classifyTarget, isBlockDevice, isHarmlessDevice, normalizePath } from '../target-paths';
import { block, type Rule, type RuleContext, warn } from './rule';

const formatters =
  /^(mkfs(\..+)?|mke2fs|mkntfs|mkdosfs|mkexfatfs|mkswap|mkudffs|mkreiserfs|mkhfs|mkfs_.+|newfs(_.+)?|wipefs|blkdiscard|zerofree|sg_format|mkbtrfs)$/;
const partitioners =
  /^(fdisk|sfdisk|gdisk|sgdisk|parted|cfdisk|partx|mdadm|pvcreate|pvremove|zpool)$/;
const destructivePartitioning =
  /^(--zap-all|--zap|-Z|-z|--clear|-o|--delete|-d|--new|-n|--largest-new|-N|mklabel|mkpart|rm|resizepart|--wipe|--zero-superblock|--create|-C|create|labelclear|destroy)$/;

/**
 * Formatting, wiping and partitioning disks: `mkfs*`, `mkntfs`, `mkdosfs`, `wipefs`,
 * `blkdiscard`, `nvme format|sanitize`, `cryptsetup luksFormat|erase`, `hdparm
 * --security-erase`, `sgdisk --zap-all`, ... Blocked when the target is a disk or unknown
 * device; an image file inside the workspace (`mkfs.ext4 -F ./disk.img`) is not a disk.
 */
export const diskFormatRule: Rule = ({ program, args, command, name }, context) => {
  const local = name?.includes('/') && !name.startsWith('/');
  if (local) return [];
  if (/^(diskpart(\.exe)?|format(\.com)?)$/i.test(program))
    return [block('disk-format', `${program} formats or wipes a disk.`)];
  let destructive = formatters.test(program);
  const targets = args.filter((arg) => !arg.startsWith('-') && !/^[A-Za-z0-9_-]+=/.test(arg));
  if (program === 'nvme')
    destructive = /^(format|sanitize|delete-ns|detach-ns|write-zeroes|write-uncor|dsm|zns)$/.test(
      targets[0] ?? '',
    );
  // nwipe wipes every disk it finds with --autonuke, whatever is named.
  if (/^(nwipe|dwipe)$/.test(program) && (args.includes('--autonuke') || targets.length))
    return [block('disk-format', `${program} wipes disks.`)];
  if (program === 'cryptsetup')
    destructive = /^(luksFormat|erase|luksErase|reencrypt|luksKillSlot|luksRemoveKey)$/.test(
      targets[0] ?? '',
    );
  if (program === 'hdparm')
    destructive = args.some((arg) =>
      /^--(security-erase|security-erase-enhanced|trim-sector-ranges|write-sector|fwdownload|make-bad-sector|dco-restore|security-set-pass)/.test(
        arg,
      ),
    );
  if (program === 'flashrom')
    destructive = args.some((arg) => /^(-w|--write|-E|--erase)$/.test(arg));
  if (partitioners.test(program)) {
    const listing = args.some((arg) =>
      /^(-l|--list|-d|--dump|-J|--json|-s|--show-size|-V|--verify|-p|--print|print|--list-free|-F)$/.test(
        arg,
      ),
    );
    const scripted = /^(fdisk|sfdisk|gdisk|cfdisk)$/.test(program) && !listing;
    if (!args.some((arg) => destructivePartitioning.test(arg)) && !scripted)
      return targets.some((target) => isBlockDevice(target, command.cwd))
        ? [warn('disk-partition', `${program} changes disk partitions.`)]
        : [];
    destructive = true;
  }
  if (!destructive) return [];
  return judgeDiskTargets(program, targets, command.cwd, context);
};

function judgeDiskTargets(
  program: string,
  targets: readonly string[],
  cwd: string | undefined,
  { paths }: RuleContext,
): Finding[] {
  const findings: Finding[] = [];
  for (const target of targets) {
    const shown = target.replaceAll(DYNAMIC, '…');
    if (!isStatic(target)) {
      findings.push(
        block(
          'disk-format-unknown',
          `${program} formats or wipes ${shown}, which is only known when it runs (most likely a disk).`,
        ),
      );
      continue;
    }
    const path = target.startsWith('/') || cwd !== undefined ? normalizePath(target, cwd) : target;
    if (isBlockDevice(target, cwd) || (path.startsWith('/dev/') && !isHarmlessDevice(path)))
      findings.push(block('disk-format', `${program} formats or wipes the disk ${path}.`));
    else if (
      classifyTarget(target, cwd, paths) === 'outside' ||
      classifyTarget(target, cwd, paths) === 'critical'
    )
      findings.push(
        warn('disk-format-outside', `${program} formats or wipes ${path}, outside the workspace.`),
      );
    else if (classifyTarget(target, cwd, paths) === 'unknown')
      findings.push(
        warn(
          'disk-format-unknown',
          `${program} formats or wipes ${shown}, whose location is only known when it runs.`,
        ),
      );
  }
  return findings;
}

const copiers = new Set([
  'cp',
  'mv',
  'tee',
  'install',
  'shred',
  'ddrescue',
  'badblocks',
  'dcfldd',
  'dd',
  'pv',
  'cat',
]);

/** Writes to block devices: `dd of=/dev/sda`, `> /dev/sda`, `cp x /dev/sda`, `tee /dev/sda`, `shred /dev/sda`. */
export const blockDeviceWriteRule: Rule = ({ program, args, command }) => {
  const devices = new Set<string>();
  const cwd = command.cwd;
  if (copiers.has(program)) {
    const keyed = args.filter((arg) => /^of:?=/.test(arg)).map((arg) => arg.replace(/^of:?=/, ''));
    const targets = args.filter((arg) => !arg.startsWith('-') && !arg.includes('='));
    const writtenTargets =
      program === 'dd' || program === 'dcfldd'
        ? keyed
        : program === 'tee' || program === 'shred'
          ? targets
          : program === 'cat' || program === 'pv'
            ? []
            : program === 'badblocks'
              ? args.some((arg) => /^-[a-zA-Z]*w/.test(arg))
                ? targets
                : []
              : targets.slice(-1);
    for (const written of writtenTargets) {
      const target = openedPath(written, cwd, command.files);
      if (isBlockDevice(target, cwd)) devices.add(normalizePath(target, cwd));
    }
  }
  // socat and similar relays open files through address specs (`OPEN:/dev/sda`, `GOPEN:…,wronly`).
  if (/^(socat|socat1|socat2)$/.test(program))
    for (const arg of args) {
      const address = /^(?:OPEN|GOPEN|CREATE|CREAT|FILE)[:,]([^,]+)/i.exec(arg);
      if (address && isBlockDevice(address[1]!, cwd)) devices.add(normalizePath(address[1]!, cwd));
    }
  for (const redirect of command.redirects) {
    const target = openedPath(redirect.target, cwd, command.files);
    if (/>/.test(redirect.operator) && isBlockDevice(target, cwd))
      devices.add(normalizePath(target, cwd));
  }
  return [...devices].map((device) =>
    block(
      'block-device-write',
      `Writes to the block device ${device}, destroying what is on the disk.`,
    ),
  );
};
