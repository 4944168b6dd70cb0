import { basename } from 'node:path';
import { isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';
import { isBlockDevice } from './target-paths';

/**
 * What a device lister prints stands for: the disk the root folder is mounted from. `/dev/root`
 * is the kernel's own name for it, and a block device by every rule.
 */
const rootDevice = '/dev/root';

/** Files that list mounted or known file systems, device first on each line. */
const mountTables = /^\/(proc\/(self\/|\d+\/)?mounts|etc\/mtab|etc\/fstab|proc\/partitions)$/;

/** Stages that only pick lines or fields of their input: what they print is part of it. */
const selectors =
  /^(head|tail|sed|awk|gawk|mawk|nawk|cut|grep|egrep|fgrep|rg|sort|uniq|tr|cat|column|paste|xargs|basename|sed|perl|sponge|tac|shuf)$/;

/** The columns a `-o`/`--output` option names (`-no SOURCE`, `--output=source,target`). */
function outputColumns(args: readonly string[]): string[] | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const long = /^--output(?:=(.*))?$/.exec(arg);
    if (long) return (long[1] ?? args[index + 1] ?? '').toLowerCase().split(',');
    const short = /^-[a-zA-Z]*o(.*)$/.exec(arg);
    if (short && !arg.startsWith('--'))
      return (short[1] || args[index + 1] || '').toLowerCase().split(',');
  }
  return undefined;
}

/**
 * What a program prints when it lists block devices, as a representative device name; undefined
 * when it does not. `findmnt` and `df` print the device of each mount (unless asked for other
 * columns only), `lsblk` the disks (names without `/dev/` unless `-p`), `blkid` and `findfs`
 * device paths, `mount` with no operands its table, readers of `/proc/mounts` or `/etc/fstab`
 * their lines, `ls`/`find` of `/dev/sd*`-like paths the disks themselves.
 */
function listedDevice(command: SimpleCommand): string | undefined {
  const [name, ...args] = command.words;
  if (name === undefined || !isStatic(name)) return undefined;
  const program = basename(name);
  const columns = outputColumns(args);
  const operands = args.filter((arg) => !arg.startsWith('-'));
  switch (program) {
    case 'findmnt':
      return !columns || columns.some((column) => /^sources?$/.test(column))
        ? rootDevice
        : undefined;
    case 'df':
      return !args.some((arg) => arg.startsWith('--output')) || columns?.includes('source')
        ? rootDevice
        : undefined;
    case 'lsblk': {
      if (columns && !columns.some((column) => /^(name|kname|path|pkname)$/.test(column)))
        return undefined;
      const paths =
        columns?.includes('path') ||
        args.some((arg) => arg === '--paths' || /^-[a-zA-Z]*p/.test(arg));
      return paths ? rootDevice : basename(rootDevice);
    }
    case 'blkid':
    case 'findfs':
      return rootDevice;
    case 'mount':
      return operands.length === 0 ? rootDevice : undefined;
    case 'ls':
    case 'find':
    case 'stat':
    case 'readlink':
    case 'realpath':
      return operands.some(
        (operand) =>
          isBlockDevice(operand, command.cwd) ||
          /^\/dev\/(disk|block|mapper)(\/|$)/.test(operand) ||
          (program === 'find' && operand === '/dev'),
      )
        ? rootDevice
        : undefined;
    default:
      return operands.some((operand) => mountTables.test(operand)) ||
        (command.stdin?.file !== undefined && mountTables.test(command.stdin.file))
        ? rootDevice
        : undefined;
  }
}

/**
 * The output of a substitution whose commands list block devices (`$(findmnt -no SOURCE /)`,
 * `$(df --output=source / | tail -1)`, `$(ls /dev/sd* | head -1)`), as a representative
 * device (`/dev/root`, or `root` for `lsblk` names), so that what the value is used for (`dd
 * of=…`) is judged as done to the disk; undefined when the commands are not such a listing.
 * Every later stage of the pipeline must only select text (`head`, `tail`, `awk`, `cut`, ...).
 */
export function deviceListingOutput(commands: readonly SimpleCommand[]): string | undefined {
  const [first, ...rest] = commands;
  if (!first) return undefined;
  const device = listedDevice(first);
  if (device === undefined) return undefined;
  const selecting = rest.every((stage) => {
    const name = stage.words[0];
    return name !== undefined && isStatic(name) && selectors.test(basename(name));
  });
  return selecting ? `${device}\n` : undefined;
}
