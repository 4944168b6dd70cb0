import { readdirSync } from 'node:fs';
import { matchesEveryName } from '../find-expression';
import { globToRegExp } from '../glob-patterns';
import { isStatic } from '../shell-word';
import { classifyTarget, normalizePath, type PathContext } from '../target-paths';

/**
 * System files whose loss or truncation leaves the machine unable to log in, boot or run
 * programs: the account and group databases, `sudoers`, `fstab`, PAM, the dynamic loader and
 * the C library of every architecture, the shells and `sudo`, the kernel and initramfs.
 */
const criticalFiles = [
  /^\/etc\/(passwd|shadow|group|gshadow|sudoers|fstab|inittab|ld\.so\.preload|ld\.so\.conf|ld\.so\.cache|nsswitch\.conf|login\.defs|securetty|pam\.conf|pam\.d\/[^/]+|sudoers\.d\/[^/]+|systemd\/system\.conf)$/,
  /^\/(usr\/)?lib(32|64|x32)?\/([\w-]+-linux-gnu\w*\/)?(libc|libm|libdl|libpthread|librt|libcrypt|libselinux|libpam|libsystemd|libz|libtinfo|libgcc_s|libstdc\+\+)[.-][^/]*so[^/]*$/,
  /^\/(usr\/)?lib(32|64|x32)?\/([\w-]+-linux-gnu\w*\/)?ld-(linux|musl)[^/]*$/,
  /^\/(usr\/)?s?bin\/(sh|bash|dash|sudo|su|login|init|systemd|mount|ls|cp|mv)$/,
  /^\/boot\/(vmlinuz|initrd|initramfs|grub\/grub\.cfg|loader\/)[^/]*$/,
  /^\/sbin\/init$|^\/lib\/systemd\/systemd$/,
];

/** Whether a static path, once normalised, is one of the {@link criticalFiles}. */
export function isCriticalFile(path: string, cwd: string | undefined): boolean {
  if (!isStatic(path) || (!path.startsWith('/') && cwd === undefined)) return false;
  const normalized = normalizePath(path, cwd);
  return criticalFiles.some((pattern) => pattern.test(normalized));
}

const maximumMatches = 256;

/**
 * What a glob expands to on this machine, as bash expands it (each `*`, `?`, `[...]` component
 * matched against the folder's entries, hidden names only by a pattern starting with `.`);
 * undefined when the path has no glob.
 */
export function expandGlob(path: string, cwd: string | undefined): string[] | undefined {
  if (!/[*?[]/.test(path) || !isStatic(path) || (!path.startsWith('/') && cwd === undefined))
    return undefined;
  let found = ['/'];
  const parts = normalizePath(path, cwd).split('/').filter(Boolean);
  for (const part of parts) {
    const next: string[] = [];
    for (const folder of found) {
      if (!/[*?[]/.test(part)) {
        next.push(`${folder.replace(/\/$/, '')}/${part}`);
        continue;
      }
      const pattern = new RegExp(`^(?:${globToRegExp(part).source})$`);
      let names: string[] = [];
      try {
        names = readdirSync(folder);
      } catch {}
      for (const name of names)
        if ((part.startsWith('.') || !name.startsWith('.')) && pattern.test(name))
          next.push(`${folder.replace(/\/$/, '')}/${name}`);
    }
    found = next.slice(0, maximumMatches);
  }
  return found;
}

/** Folders a file of any name may be written into without breaking the machine. */
const sharedFolders = /^\/(usr\/local|opt|srv|mnt|media|home|Users|tmp|var\/tmp|var\/www)(\/|$)/;

/** A folder of the system itself (`/`, `/etc`, `/usr/bin`, ...), not a home or shared folder. */
export function isSystemFolder(path: string, cwd: string | undefined, paths: PathContext): boolean {
  if (!isStatic(path) || (!path.startsWith('/') && cwd === undefined)) return false;
  const normalized = normalizePath(path, cwd);
  return (
    classifyTarget(normalized, cwd, paths) === 'critical' &&
    !sharedFolders.test(normalized) &&
    normalized !== paths.homeDir &&
    !/^\/(root|home\/[^/]+|Users\/[^/]+)$/.test(normalized)
  );
}

/** A system folder ({@link isSystemFolder}) or a home folder. */
function isSystemOrHome(folder: string, cwd: string | undefined, paths: PathContext): boolean {
  if (isSystemFolder(folder, cwd, paths)) return true;
  if (!folder.startsWith('/') && cwd === undefined) return false;
  const normalized = normalizePath(folder, cwd);
  return normalized === paths.homeDir || /^\/(root|home\/[^/]+|Users\/[^/]+)$/.test(normalized);
}

/**
 * Why destroying the files a path names (a glob included) breaks the machine: it names a
 * critical file, expands to one, or matches every entry of a critical folder (`/bin/*`, `~/*`,
 * `/etc/*`); undefined otherwise.
 */
export function destroysSystem(
  path: string,
  cwd: string | undefined,
  paths: PathContext,
): string | undefined {
  if (isCriticalFile(path, cwd)) return path;
  const expanded = expandGlob(path, cwd);
  if (expanded === undefined) return undefined;
  const critical = expanded.find((match) => isCriticalFile(match, cwd));
  if (critical) return `${path} (${critical})`;
  const slash = path.lastIndexOf('/');
  const folder = slash <= 0 ? (slash === 0 ? '/' : '.') : path.slice(0, slash);
  const name = path.slice(slash + 1);
  if (!/[*?[]/.test(folder) && matchesEveryName(name) && isSystemOrHome(folder, cwd, paths))
    return `${path} (every file of ${folder})`;
  return undefined;
}
