import { basename } from 'node:path';
import { openedPath } from '../linked-paths';
import { DYNAMIC, isStatic } from '../shell-word';
import { isBlockDevice, normalizePath } from '../target-paths';
import { type Rule, warn } from './rule';

/** Programs that read the files named as operands (a disk named there is read raw). */
const operandReaders =
  /^(cat|tac|head|tail|pv|xxd|hexdump|hd|od|strings|base64|gzip|bzip2|xz|zstd|lz4|pigz|cp|rsync|scp|nc|ncat|curl|ddrescue|partclone\.\w+|e2image|tar)$/;

/**
 * Raw disk access that is not a write: reading a whole block device (`dd if=/dev/sda`, `cat
 * /dev/nvme0n1`, `< /dev/sda`) copies every file on it, deleted ones and other users' secrets
 * included, past every permission; and `dd` writing to a target that is only known when it runs
 * (`dd of="$x"`), which may be a disk. Both warn (writes to a known disk are blocked by
 * `block-device-write`).
 */
export const rawDiskRule: Rule = ({ program, args, command }) => {
  const cwd = command.cwd;
  const device = (raw: string): string | undefined => {
    const target = openedPath(raw, cwd, command.files);
    return isStatic(target) && isBlockDevice(target, cwd) ? normalizePath(target, cwd) : undefined;
  };
  const read = new Set<string>();
  const isDd = program === 'dd' || program === 'dcfldd';
  if (isDd)
    for (const arg of args) {
      const source = /^if=(.*)$/.exec(arg)?.[1];
      const found = source === undefined ? undefined : device(source);
      if (found) read.add(found);
    }
  else if (operandReaders.test(basename(program)))
    for (const arg of args) {
      const found = arg.startsWith('-') ? undefined : device(arg);
      if (found) read.add(found);
    }
  for (const redirect of command.redirects) {
    if (redirect.operator !== '<') continue;
    const found = device(redirect.target);
    if (found) read.add(found);
  }
  const findings = [...read].map((disk) =>
    warn(
      'raw-disk-read',
      `${program} reads the disk ${disk} raw: every file on it, past file permissions.`,
    ),
  );
  if (isDd)
    for (const arg of args) {
      const target = /^of=(.*)$/.exec(arg)?.[1];
      if (target !== undefined && target.replaceAll(DYNAMIC, '') === '' && target !== '')
        findings.push(
          warn(
            'dynamic-disk-write',
            `${program} writes to a file only known when it runs, which may be a disk.`,
          ),
        );
    }
  return findings;
};
