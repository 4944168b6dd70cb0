import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { WorkspaceGuard } from '@tinyelf/core';
import { globToRegExp } from './glob-patterns';
import { DYNAMIC } from './shell-word';

/** Where a path argument points, as far as can be known before running. */
export type TargetKind = 'critical' | 'workspace-root' | 'inside' | 'outside' | 'unknown';

/** Top-level system folders whose loss breaks the machine. */
const systemFolders = new Set([
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/home',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/proc',
  '/root',
  '/run',
  '/sbin',
  '/srv',
  '/sys',
  '/usr',
  '/var',
  '/snap',
  '/System',
  '/Library',
  '/Applications',
  '/Users',
  '/private',
  // macOS keeps /etc and /var here (/etc and /var are links to them).
  '/private/etc',
  '/private/var',
  '/private/var/db',
  '/private/var/root',
  '/usr/bin',
  '/usr/lib',
  '/usr/local',
  '/usr/sbin',
  '/usr/share',
  '/var/lib',
  '/usr/lib64',
  '/usr/lib32',
  '/usr/libexec',
  '/usr/include',
  '/usr/local/bin',
  '/usr/local/lib',
  '/var/lib/dpkg',
  '/var/lib/rpm',
  '/var/lib/apt',
  '/var/lib/pacman',
  '/var/lib/docker',
  '/var/lib/containerd',
  '/var/lib/mysql',
  '/var/lib/postgresql',
  '/var/log',
  '/var/cache',
  '/var/spool',
  '/var/mail',
  '/var/www',
  '/var/db',
  '/boot/efi',
  '/boot/grub',
  '/efi',
  '/etc/ssl',
  '/etc/ssh',
  '/etc/systemd',
  '/etc/apt',
  '/etc/pam.d',
  '/etc/sudoers.d',
  '/nix',
  '/nix/store',
  '/nix/var',
  '/gnu',
  '/gnu/store',
  '/mnt',
  '/media',
  '/cygdrive',
  '/mnt/wsl',
  '/System/Library',
  '/Library/Application Support',
  '/Volumes',
  '/sys/firmware/efi/efivars',
  '/sys/firmware',
]);

/**
 * Folders whose loss breaks the machine below the fixed list: library folders of every
 * architecture (`/usr/lib/x86_64-linux-gnu`, `/lib/aarch64-linux-gnu`), Windows drives as
 * mounted by WSL, MSYS and Cygwin (`/mnt/c`, `/c`, `/cygdrive/c`) and their system folders,
 * package manager state (`/var/lib/<manager>`), and Nix or Guix profiles.
 */
const criticalShapes = [
  /^\/(usr\/)?lib(32|64|x32)?\/[\w-]+-linux-gnu\w*$/,
  /^\/(mnt|cygdrive)\/[a-z]$/,
  /^\/[a-z]$/,
  /^\/(mnt\/|cygdrive\/)?[a-z]\/(Windows|Users|Program Files( \(x86\))?|ProgramData)$/i,
  /^\/(mnt\/|cygdrive\/)?[a-z]\/Users\/[^/]+$/i,
  /^\/nix\/var\/nix(\/[^/]+)?$/,
  /^\/(usr\/)?(s?bin|lib|lib64|share|include|libexec)$/,
  /^\/usr\/share\/(zoneinfo|ca-certificates|dbus-1|polkit-1)$/,
];

/** Devices that reading from or writing to is harmless. */
const harmlessDevices =
  /^\/dev\/(null|zero|full|random|urandom|stdin|stdout|stderr|tty|fd\/.*|ptmx)$/;

/** Block devices: writing to one destroys a disk. */
export const blockDevicePattern =
  /^\/dev\/(sd[a-z]+\d*|hd[a-z]+\d*|vd[a-z]+\d*|xvd[a-z]+\d*|nvme\d+(n\d+(p\d+)?)?|mmcblk\d+(p\d+|boot\d+|rpmb)?|disk\d+(s\d+)?|rdisk\d+(s\d+)?|mapper\/.+|dm-\d+|md\d+(p\d+)?|md\/.+|loop\d+(p\d+)?|sr\d+|disk\/by-[a-z-]+\/.+|root|block\/.+|nbd\d+(p\d+)?|mtd(block)?\d+\w*|zram\d+|(k)?mem|port|sg\d+|rbd\d+(p\d+)?|rbd\/.+|pmem\d+(\.\d+)?(s)?|ubi(block)?\d+(_\d+)?|bcache\d+|drbd\d+|zd\d+|zvol\/.+|ram\d+|fd\d+|st\d+|nst\d+|xd[a-z]+\d*|ada\d+(p\d+|s\d+)?|da\d+(p\d+|s\d+)?|wd\d+[a-p]?|rwd\d+[a-p]?|sd\d+[a-p]|rsd\d+[a-p]|[A-Za-z][\w.-]*\/[A-Za-z][\w.+-]*)$/;

/** Folders under `/dev` whose entries are not volumes (a `VG/LV` pair otherwise names an LVM volume). */
const deviceFolders =
  /^\/dev\/(fd|pts|shm|mqueue|hugepages|net|snd|input|dri|char|cpu|bus|usb|v4l|serial|vfio|hidraw|cuse|dma_heap|tty\w*|console|log|stdin|stdout|stderr|null|zero|full|u?random|ptmx|core|xconsole|vhost-\w+)(\/|$)/;

/**
 * A path as the kernel resolves it, without touching the disk: `.`, `..` and repeated slashes
 * collapsed, and `/proc/<pid>/root` (the root folder seen by a process) taken off.
 */
export function normalizePath(path: string, cwd: string | undefined): string {
  const absolute = path.startsWith('/') ? path : `${cwd ?? ''}/${path}`;
  const parts: string[] = [];
  for (const part of absolute.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
    // Only a path under /proc can name a process's root or working folder.
    if (parts[0] !== 'proc') continue;
    const joined = `/${parts.join('/')}`;
    // The root and working folder that /proc shows for a process are those of the command.
    if (/^\/proc\/(self|thread-self|\d+)(\/task\/\d+)?\/root$/.test(joined)) parts.length = 0;
    else if (cwd !== undefined && /^\/proc\/(self|thread-self)\/cwd$/.test(joined))
      parts.splice(0, parts.length, ...cwd.split('/').filter(Boolean));
  }
  return `/${parts.join('/')}`;
}

/** Whether a path names a block device (a disk or partition), in any spelling. */
const sampleDevices = [
  '/dev/sda',
  '/dev/sdb',
  '/dev/vda',
  '/dev/xvda',
  '/dev/nvme0n1',
  '/dev/mmcblk0',
  '/dev/hda',
  '/dev/sda1',
];

export function isBlockDevice(path: string, cwd: string | undefined): boolean {
  if (!path.startsWith('/') && cwd === undefined) return false;
  const normalized = normalizePath(path, cwd);
  // A glob (`/dev/sd?`, `/dev/nvme*`) expands to the disks it matches.
  if (/^\/dev\/.*[*?[]/.test(normalized)) {
    const pattern = new RegExp(`^(?:${globToRegExp(normalized).source})$`);
    return sampleDevices.some((device) => pattern.test(device));
  }
  return blockDevicePattern.test(normalized) && !deviceFolders.test(normalized);
}

/** Places paths are judged against. */
export interface PathContext {
  readonly workspaceRoot: string;
  readonly homeDir: string;
}

const guards = new Map<string, WorkspaceGuard>();

function guardFor(workspaceRoot: string): WorkspaceGuard {
  let guard = guards.get(workspaceRoot);
  if (!guard) {
    guard = new WorkspaceGuard({ workspaceRoot });
    guards.set(workspaceRoot, guard);
  }
  return guard;
}

/** Whether a path is a harmless device such as `/dev/null` or `/dev/urandom`. */
export function isHarmlessDevice(path: string): boolean {
  return harmlessDevices.test(path);
}

/**
 * Judges a path argument run in `cwd`: `critical` for `/`, the home folder, a system folder, a
 * drive root, or a glob or unknown name directly inside one of those (`/*`, `~/*`, `/$X`);
 * `workspace-root` for the workspace itself; `inside` or `outside` the workspace (symbolic links
 * followed, with the workspace path guard); `unknown` when the location depends on run time.
 */
export function classifyTarget(
  raw: string,
  cwd: string | undefined,
  context: PathContext,
): TargetKind {
  if (
    /^[A-Za-z]:[\\/]*$/.test(raw) ||
    /^[A-Za-z]:[\\/]+(Windows|Program Files|Users)[\\/]*$/i.test(raw)
  )
    return 'critical';
  const cut = firstUnknown(raw);
  if (cut !== -1) {
    const prefix = raw.slice(0, cut);
    // An unknown value may be an absolute path; a glob stays in the folder it starts in.
    if (prefix === '' && raw[cut] === DYNAMIC) return 'unknown';
    if (prefix === '')
      return cwd === undefined
        ? 'unknown'
        : isCritical(cwd, context)
          ? 'critical'
          : placeOf(cwd, context) === 'outside'
            ? 'outside'
            : 'inside';
    if (!prefix.startsWith('/') && cwd === undefined) return 'unknown';
    const folder = prefix.endsWith('/')
      ? normalizePath(prefix, cwd)
      : dirname(normalizePath(prefix, cwd));
    if (isCritical(folder, context) || isCritical(realPath(folder, true), context))
      return 'critical';
    return placeOf(folder, context) === 'outside' ? 'outside' : 'inside';
  }
  if (!raw.startsWith('/') && cwd === undefined) return 'unknown';
  const path = normalizePath(raw, cwd);
  if (isCritical(path, context) || isCritical(realPath(path, raw.endsWith('/')), context))
    return 'critical';
  return placeOf(path, context);
}

function firstUnknown(raw: string): number {
  const positions = [raw.indexOf(DYNAMIC), raw.search(/[*?[]/)].filter(
    (position) => position !== -1,
  );
  return positions.length ? Math.min(...positions) : -1;
}

/** The path with symbolic links resolved (only the last one when `followLast`), as far as it exists. */
function realPath(path: string, followLast: boolean): string {
  try {
    return followLast
      ? realpathSync(path)
      : resolve(realpathSync(dirname(path)), path.slice(dirname(path).length + 1) || '.');
  } catch {
    return path;
  }
}

function isCritical(path: string, context: PathContext): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    trimmed === '/' ||
    context.workspaceRoot.startsWith(`${trimmed}/`) ||
    /^\/home\/[^/]+$/.test(trimmed) ||
    /^\/Users\/[^/]+$/.test(trimmed) ||
    trimmed === context.homeDir ||
    trimmed === homedir() ||
    systemFolders.has(trimmed) ||
    criticalShapes.some((shape) => shape.test(trimmed))
  );
}

function placeOf(path: string, context: PathContext): 'workspace-root' | 'inside' | 'outside' {
  try {
    const guarded = guardFor(context.workspaceRoot).resolve(path);
    return guarded.relative === '.' ? 'workspace-root' : 'inside';
  } catch {
    return 'outside';
  }
}
