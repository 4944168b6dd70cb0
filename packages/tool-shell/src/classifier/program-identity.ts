import { basename } from 'node:path';
import type { Finding } from './finding';
import { block, warn } from './rules/rule';
import { DYNAMIC, isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';
import { classifyTarget, isBlockDevice, type PathContext } from './target-paths';

/**
 * The program a command word runs, as rules know it: `rm` for `rm` and `/usr/bin/rm`; a path
 * inside the workspace (`./scripts/format`) stays a path, since it is not the system program.
 */
export function programIdentity(
  word: string | undefined,
  cwd: string | undefined,
  paths: PathContext,
): string {
  if (word === undefined) return '';
  // GNU tools installed with a `g` prefix (Homebrew's gshred, grm, gsed, gtar) are the same tools.
  const gnu =
    /^(?:.*\/)?g(rm|shred|mv|cp|dd|ln|chmod|chown|truncate|install|tee|sort|split|shuf|uniq|find|xargs|sed|tar|timeout|env|nice|stdbuf|touch|mktemp|readlink|realpath|date|stat)$/.exec(
      word,
    );
  if (
    gnu &&
    isStatic(word) &&
    (!word.includes('/') || classifyTarget(word, cwd, paths) !== 'inside')
  )
    return gnu[1]!;
  if (!word.includes('/')) return word;
  if (/^\/proc\/(self|thread-self|\d+)\/exe$/.test(word)) return 'bash';
  if (!isStatic(word)) return word;
  const kind = classifyTarget(word, cwd, paths);
  return kind === 'inside' || kind === 'workspace-root' ? word : basename(word);
}

/** Programs whose own rules judge them, or that never delete what they are given. */
const knownPrograms =
  /^(ls|du|df|grep|egrep|fgrep|zgrep|rg|ag|ack|tree|cat|bat|head|tail|wc|stat|file|tar|zip|unzip|7z|diff|cmp|echo|printf|test|\[|cp|scp|rsync|find|fd|locate|chmod|chown|chgrp|chattr|setfacl|getfacl|rm|mv|ln|shred|git|svn|hg|md5sum|sha\d*sum|b2sum|cksum|strings|od|hexdump|xxd|less|more|vim?|nvim|nano|emacs|code|realpath|readlink|basename|dirname|sort|uniq|cut|awk|gawk|sed|tr|tee|touch|mkdir|install|ncdu|lsof|fuser|kill|pkill|killall|mount|umount|docker|podman|kubectl|npm|pnpm|yarn|npx|node|python[\d.]*|make|cargo|go|mvn|gradle|java|gcc|clang|eslint|prettier|tsc|jest|vitest|pytest|isort|black|ruff|flake8|mypy|cloc|wget|curl|aws|gsutil|gcloud|az|chcon|restorecon|setfattr|getfattr|inotifywait|entr|watchman|sudo|doas|env|nice|timeout|xargs|parallel|bash|sh|zsh|dash|dd|dcfldd|ddrescue|pv|badblocks|hdparm|blkdiscard|wipefs|mkfs(\..+)?|mke2fs|mkswap|sgdisk|sfdisk|fdisk|gdisk|parted|cryptsetup|nvme|flashrom|mdadm|zpool|zfs|btrfs|lvremove|vgremove|pvremove|blkid|smartctl|lsblk|udevadm|dumpe2fs|xfs_info|findmnt|lshw|hwinfo|partx|sg_inq|hdparm|iostat|blockdev)$/;

/**
 * A program whose name is only known at run time (`$X -rf /`, `$(get-tool) ...`): blocked when
 * its arguments would be catastrophic for a deleting program (a recursive flag with the root,
 * the home folder or a system folder; a block device), a warning otherwise.
 */
export function unknownProgramFindings(
  name: string,
  program: string,
  args: readonly string[],
  command: SimpleCommand,
  paths: PathContext,
): Finding[] {
  const local = name.includes('/') && program === name;
  if (isStatic(name) && !local && knownPrograms.test(program)) return [];
  const shown = command.text.slice(0, 60).replaceAll(DYNAMIC, '…');
  const recursive = args.some(
    (arg) => /^-[A-Za-z]*[rR]/.test(arg) || /^--(rec|no-preserve)/.test(arg) || arg === '-delete',
  );
  const critical = args.filter(
    (arg) =>
      !arg.startsWith('-') &&
      arg !== '' &&
      classifyTarget(arg, command.cwd, paths) === 'critical' &&
      !arg.includes(DYNAMIC),
  );
  const device = args.find((arg) => isBlockDevice(arg.replace(/^of=/, ''), command.cwd));
  if ((recursive && critical.length) || device)
    return [
      block(
        'unknown-program-catastrophic',
        `"${shown}" runs a program ${local ? 'from the workspace' : 'only known when it runs'} on ${device ?? critical[0]}, which would be destroyed if it deletes or writes.`,
      ),
    ];
  if (local || isStatic(name)) return [];
  return [warn('dynamic-command', `The program run by "${shown}" is only known when it runs.`)];
}
