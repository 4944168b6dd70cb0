import type { Finding } from '../finding';
import { isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { classifyTarget, normalizePath } from '../target-paths';
import { fileDeleters } from './deletion-rules';
import { block, operands, operandsSkipping, type Rule, type RuleContext } from './rule';
import { destroysSystem, isSystemFolder } from './system-contents';
import { type WrittenPath, writtenPaths } from './written-paths';

/** Programs that replace the whole file they write (as opposed to `tee -a`, `>>`, `touch`). */
function replacedFiles(program: string, args: readonly string[]): WrittenPath[] {
  if (program === 'tee' && args.some((arg) => /^-[^-]*a|^--append$/.test(arg))) return [];
  if (/^(touch|chmod|chown|chgrp)$/.test(program)) return [];
  return writtenPaths(program, args);
}

/** Programs whose operands are destroyed: deleted, moved away, truncated. */
const destroysOperands = /^(mv|truncate)$/;

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
  const destroyed = (path: string) => {
    const reason = destroysSystem(path, cwd, paths);
    if (reason !== undefined) hit.add(reason);
  };
  for (const redirect of command.redirects)
    if (/^(>|>\||&>|>&)$/.test(redirect.operator)) destroyed(redirect.target);
  for (const written of replacedFiles(program, args)) {
    destroyed(written.path);
    // An archive extracted, or a folder's contents copied, over a system folder replaces
    // system files of any name (`tar -C / -x`, `rsync -a root/ /`).
    if (written.contents && isSystemFolder(written.path, cwd, paths))
      hit.add(`${written.path} (files of any name in a system folder)`);
  }
  if (fileDeleters.test(program) || destroysOperands.test(program))
    for (const path of operandsSkipping(
      args,
      /^(-s|--size|-r|--reference|-t|--target-directory|-S|--suffix)$/,
    ))
      destroyed(path);
  const findings: Finding[] = cronEntries(command, context, program, args);
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
function cronEntries(
  command: SimpleCommand,
  context: RuleContext,
  program: string,
  args: readonly string[],
): Finding[] {
  const findings: Finding[] = [];
  // Written by a redirection, or by `tee` (`echo '* * * * * root cmd' | sudo tee /etc/cron.d/x`).
  const teed = program === 'tee' ? operands(args) : [];
  const targets = [
    ...command.redirects
      .filter((redirect) => />/.test(redirect.operator))
      .map((redirect) => redirect.target),
    ...teed,
  ];
  for (const target of targets) {
    if (command.cwd === undefined && !target.startsWith('/')) continue;
    const path = normalizePath(target, command.cwd);
    const system = /^\/etc\/(crontab|cron\.d\/[^/]+)$/.test(path);
    if (!system && !/^\/var\/spool\/cron\/(crontabs\/)?[^/]+$/.test(path)) continue;
    const written = command.files?.get(path);
    const text =
      written?.text ??
      written?.appended ??
      (teed.includes(target) ? command.stdin?.text : undefined);
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
