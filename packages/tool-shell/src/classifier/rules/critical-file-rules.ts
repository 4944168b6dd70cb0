import type { Finding } from '../finding';
import { isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { classifyTarget, normalizePath } from '../target-paths';
import { fileDeleters } from './deletion-rules';
import { block, operands, type Rule, type RuleContext } from './rule';
import { writtenPaths } from './written-paths';

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

function isCriticalFile(path: string, cwd: string | undefined): boolean {
  if (!isStatic(path) || (!path.startsWith('/') && cwd === undefined)) return false;
  const normalized = normalizePath(path, cwd);
  return criticalFiles.some((pattern) => pattern.test(normalized));
}

/** Programs that replace the whole file they write (as opposed to `tee -a`, `>>`). */
function replacedFiles(program: string, args: readonly string[]): string[] {
  if (program === 'tee' && args.some((arg) => /^-[^-]*a|^--append$/.test(arg))) return [];
  if (/^(tee|sponge|cp|mv|install|dd|truncate|sed|perl|ln|find|rsync)$/.test(program))
    return writtenPaths(program, args).map((written) => written.path);
  return [];
}

/**
 * Destroying a critical system file ({@link criticalFiles}): truncating or replacing it (`>`,
 * `tee`, `cp`, `dd of=`, `sed -i`, `ln -sf`, `find -fprint`), deleting or moving it away (`rm`,
 * `unlink`, `shred`, `mv`), renaming everything in a system folder (`rename ... /etc/*`), and
 * taking permissions off a system folder or all its files (`chmod 000 /`, `chmod -x
 * /usr/bin/*`, recursive `chmod`/`chown` of one). Blocked: the machine would no longer boot, log
 * in or run programs. (Other writes outside the workspace only warn.)
 */
export const criticalFileRule: Rule = ({ program, args, command }, context) => {
  const { paths } = context;
  const cwd = command.cwd;
  const hit = new Set<string>();
  for (const redirect of command.redirects)
    if (/^(>|>\||&>|>&)$/.test(redirect.operator) && isCriticalFile(redirect.target, cwd))
      hit.add(redirect.target);
  for (const path of replacedFiles(program, args)) if (isCriticalFile(path, cwd)) hit.add(path);
  if (fileDeleters.test(program) || program === 'mv')
    for (const path of operands(args)) if (isCriticalFile(path, cwd)) hit.add(path);
  const findings: Finding[] = cronEntries(command, context);
  findings.push(
    ...[...hit].map((path) =>
      block(
        'critical-file',
        `${program} destroys ${path}, which the system needs to boot, log in or run programs.`,
      ),
    ),
  );
  const systemFolder = (target: string) =>
    classifyTarget(target, cwd, paths) === 'critical' &&
    !/^(~|\/root|\/home\/[^/]+|\/Users\/[^/]+)\/?$/.test(target) &&
    normalizePath(target, cwd) !== paths.homeDir;
  if (/^(rename|prename|perl-rename|file-rename)$/.test(program)) {
    const targets = operands(args).slice(1);
    if (
      targets.some(
        (target) =>
          systemFolder(target) || (/\/\*$/.test(target) && systemFolder(target.slice(0, -1))),
      )
    )
      findings.push(block('critical-file', `${program} renames the files of a system folder.`));
  }
  if (/^(chmod|chown|chgrp|setfacl|chattr)$/.test(program)) {
    const flagged = args.find((arg) => /^-[rwxXst]+$/.test(arg));
    const listed = operands(args);
    const [mode, ...targets] = flagged ? [flagged, ...listed] : listed;
    const recursive = args.some((arg) => /^-[^-]*R/.test(arg) || arg === '--recursive');
    const clears =
      program === 'chmod' &&
      mode !== undefined &&
      ((/^0*[0246]?[0-7]{0,2}$/.test(mode) && /^0*[0246]/.test(mode.padStart(3, '0'))) ||
        /^[ugoa]*[-=][rwxX]*[rx]/.test(mode) ||
        /^[ugoa]*=$/.test(mode));
    // Handing over /usr/local or /opt (`chown -R $USER /usr/local`) is everyday on some systems.
    const shared = (target: string) =>
      /^\/(usr\/local|opt|srv|mnt|media|home|Users)(\/|$)/.test(normalizePath(target, cwd));
    if (
      clears || (program === 'chmod' && flagged !== undefined)
        ? targets.some(systemFolder)
        : recursive && targets.some((target) => systemFolder(target) && !shared(target))
    )
      findings.push(
        block(
          'critical-permissions',
          `${program} changes the permissions of a system folder or of all its files, which breaks the machine.`,
        ),
      );
  }
  return findings;
};

/**
 * Lines written into the system crontab or a cron folder by this command, judged as the shell
 * commands cron will run (after the schedule, and the user field of `/etc/crontab` and
 * `/etc/cron.d`).
 */
function cronEntries(command: SimpleCommand, context: RuleContext): Finding[] {
  const findings: Finding[] = [];
  for (const redirect of command.redirects) {
    if (
      !/>/.test(redirect.operator) ||
      (command.cwd === undefined && !redirect.target.startsWith('/'))
    )
      continue;
    const path = normalizePath(redirect.target, command.cwd);
    const system = /^\/etc\/(crontab|cron\.d\/[^/]+)$/.test(path);
    if (!system && !/^\/var\/spool\/cron\/(crontabs\/)?[^/]+$/.test(path)) continue;
    const written = command.files?.get(path);
    const text = written?.text ?? written?.appended;
    if (text === undefined || !isStatic(text)) continue;
    const fields = system ? 6 : 5;
    const script = text
      .split('\n')
      .filter(
        (line) => line.trim() && !line.trim().startsWith('#') && !/^\s*[A-Za-z_]\w*\s*=/.test(line),
      )
      .map((line) =>
        line
          .trim()
          .replace(/^@\w+\s+/, '')
          .split(/\s+/)
          .slice(/^@/.test(line.trim()) ? (system ? 1 : 0) : fields)
          .join(' '),
      )
      .join('\n');
    findings.push(...context.classifyNested(script, command.cwd));
  }
  return findings;
}
