import type { SimpleCommand } from '../simple-command';

/** Programs that only read what they are given (and print it). */
const readers =
  /^(cat|head|tail|less|more|grep|egrep|fgrep|rg|wc|file|stat|bat|sort|uniq|cut|awk|sed)$/;
/** Programs whose operands only name a mounted file system to describe. */
const filesystemQueries = /^(df|findmnt|mountpoint)$/;

/**
 * Files any user may read that describe the system, not a person's data: the OS release, the
 * CPU and memory, the kernel version, the host name, the time zone.
 */
const systemDescriptions =
  /^\/(etc\/(os-release|lsb-release|debian_version|redhat-release|alpine-release|hostname|timezone|issue|machine-id)|usr\/lib\/os-release|proc\/(cpuinfo|meminfo|version|loadavg|uptime|stat|swaps|mounts|filesystems|self\/status)|sys\/class\/(net|thermal|power_supply)\/[^/]+\/[\w-]+)$/;

/**
 * Reads outside the workspace that show nothing of the user's or another program's data, and
 * that a model needs to learn about the machine: reads of the system's own descriptions (`cat
 * /etc/os-release`, `grep 'model name' /proc/cpuinfo`). Secrets are judged by their own rule all
 * the same.
 */
export function harmlessOutsideRead(
  program: string,
  path: string,
  command: SimpleCommand,
  kind: 'outside' | 'critical' = 'outside',
): boolean {
  if (
    command.redirects.some(
      (redirect) =>
        />/.test(redirect.operator) && !/^\/dev\/(null|stdout|stderr)$/.test(redirect.target),
    )
  )
    return false;
  // `df /`, `findmnt /`, `mountpoint /mnt`: the path only names a file system, whose size,
  // device and options are printed; no file's content or name is read.
  if (filesystemQueries.test(program)) return true;
  // Listings outside the workspace still ask (`ls ../../`, `ls ~/Downloads`: the names of the
  // user's other files are their data; shared/security bash-warn-017).
  return (
    kind === 'outside' &&
    readers.test(program) &&
    !command.words.includes('-i') &&
    systemDescriptions.test(path)
  );
}
