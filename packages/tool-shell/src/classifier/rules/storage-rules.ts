import type { Finding } from '../finding';
import { ownEntry } from '../own-entry';
import { classifyTarget } from '../target-paths';
import { block, operandsSkipping, type Rule } from './rule';

/** Sub-commands that destroy volumes, pools, boot entries or firmware, per program. */
const destroyers: Record<string, RegExp> = {
  lvremove: /./,
  vgremove: /./,
  pvremove: /./,
  lvreduce: /./,
  zpool: /^(destroy|labelclear)$/,
  zfs: /^(destroy|rollback)$/,
  btrfs: /^(delete|remove)$/,
  dmsetup: /^(remove_all|remove|wipe_table|clear)$/,
  efibootmgr: /^(-B|--delete-bootnum|-b)$/,
  mdadm: /^(--zero-superblock|--create|-C|--stop|-S|--remove)$/,
  vgreduce: /./,
  sgdisk: /^(--zap-all|-Z|--zap|-z|--clear|-o)$/,
};

/**
 * Volume managers and firmware tools that destroy data or stop the machine from booting
 * (`lvremove`, `vgremove`, `zpool destroy`, `zfs destroy`, `btrfs device delete`, `dmsetup
 * remove_all`, `efibootmgr -B`, `flashrom -w/-E`), and unmounting or remounting a system folder.
 */
export const storageRule: Rule = ({ program, args, command }, { paths }) => {
  const findings: Finding[] = [];
  const pattern = ownEntry(destroyers, program);
  if (pattern) {
    const words = pattern.source === '.' ? [''] : args;
    if (pattern.source === '.' ? args.length > 0 : words.some((word) => pattern.test(word)))
      findings.push(
        block(
          'storage-destroy',
          `${program} ${args.join(' ')} destroys volumes, pools or boot entries.`,
        ),
      );
  }
  if (program === 'flashrom' && args.some((arg) => /^(-w|--write|-E|--erase)$/.test(arg)))
    findings.push(block('storage-destroy', 'flashrom rewrites or erases firmware.'));
  if (program === 'umount' || program === 'mount') {
    // Mounting anything over a system folder (`mount -t tmpfs none /usr`) hides what it holds.
    const mounted =
      program === 'mount' && !args.some((arg) => /remount|--move|--bind/.test(arg))
        ? operandsSkipping(
            args,
            /^(-t|--types|-o|--options|-O|--test-opts|-L|--label|-U|--uuid|-N)$/,
          ).slice(-1)
        : undefined;
    const targets = mounted ?? args.filter((arg) => !arg.startsWith('-') && !/remount|,/.test(arg));
    const critical = targets.find(
      (target) => classifyTarget(target, command.cwd, paths) === 'critical',
    );
    if (
      critical ||
      (program === 'umount' && args.some((arg) => /^-[a-zA-Z]*a/.test(arg) || arg === '--all'))
    )
      findings.push(
        block(
          'unmount-system',
          `${program} ${args.join(' ')} unmounts or remounts a system folder.`,
        ),
      );
  }
  return findings;
};
