import { dirname, resolve } from 'node:path';
import type { Finding } from '../finding';
import { ownEntry } from '../own-entry';
import { isWrapper } from '../program-table';
import { DYNAMIC } from '../shell-word';
import { classifyTarget, isBlockDevice, isHarmlessDevice } from '../target-paths';
import { harmlessOutsideRead } from './outside-reads';
import { patternOptions } from './pattern-options';
import { block, hasFlag, operands, type Rule, warn } from './rule';
import { writtenPaths } from './written-paths';

/** Programs whose arguments are data, not paths. */
const dataPrograms = new Set([
  'echo',
  'printf',
  'which',
  'type',
  'whereis',
  'command',
  'hash',
  'alias',
  'export',
  'declare',
  'local',
  'readonly',
  'test',
  '[',
  '[[',
  'true',
  'false',
  ':',
  'git',
]);

/**
 * Builtins that only change the working folder: nothing is read there, and what runs there
 * afterwards is judged in that folder (`cd /; ls` asks for the listing, `cd /; cd ~-; rm -rf *`
 * deletes in the workspace).
 */
const folderChanges = new Set(['cd', 'pushd', 'popd']);
/** Programs whose first operand is a pattern, not a path. */
const patternFirst = new Set([
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'sed',
  'awk',
  'gawk',
  'jq',
  'yq',
]);

/** Programs whose path-like arguments live elsewhere (in a container, on a remote host). */
const elsewhere = new Set([
  'docker',
  'podman',
  'nerdctl',
  'kubectl',
  'helm',
  'ssh',
  'gcloud',
  'git',
]);

/** Whether an argument looks like a file path (and not a URL, an option or prose). */
function looksLikePath(word: string): boolean {
  if (word.includes('://') || /\s/.test(word) || word === '') return false;
  return (
    word.startsWith('/') ||
    word.startsWith('./') ||
    word.startsWith('../') ||
    word === '..' ||
    word.startsWith('~') ||
    word.includes('/')
  );
}

/** The path inside an argument: the word itself, or the value of `--opt=/path` or `key=/path`. */
function pathIn(argument: string): string | undefined {
  const assigned = /^(--?[A-Za-z][\w-]*|[A-Za-z_]+)=(.+)$/.exec(argument);
  const candidate = assigned ? assigned[2]! : argument.startsWith('-') ? undefined : argument;
  return candidate !== undefined && looksLikePath(candidate) ? candidate : undefined;
}

/** Paths outside the workspace, in arguments and redirections (harmless devices excepted). */
export const outsideWorkspaceRule: Rule = ({ program, args, command }, { paths }) => {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const check = (path: string, role: string) => {
    // Block devices are judged by the device rule.
    if (
      seen.has(path) ||
      isHarmlessDevice(path) ||
      isBlockDevice(path, command.cwd) ||
      path === '/proc/sysrq-trigger'
    )
      return;
    seen.add(path);
    const kind = classifyTarget(path, command.cwd, paths);
    if (
      (kind === 'outside' || kind === 'critical') &&
      harmlessOutsideRead(program, path, command, kind)
    )
      return;
    if (kind === 'outside' || kind === 'critical') {
      findings.push(
        warn(
          'outside-workspace',
          `${role} ${path.replaceAll(DYNAMIC, '…')}, which is outside the workspace.`,
        ),
      );
    }
  };
  // The targets of a recursive rm are judged by the deletion rule.
  const judgedElsewhere =
    program === 'rm' &&
    (hasFlag(args, 'r', ['--recursive']) ||
      hasFlag(args, 'R') ||
      args.some((arg) => /^--rec/.test(arg)));
  if (
    !dataPrograms.has(program) &&
    !judgedElsewhere &&
    !elsewhere.has(program) &&
    !folderChanges.has(program) &&
    !isWrapper(program)
  ) {
    const valueOptions = ownEntry(patternOptions, program);
    let skipPattern =
      patternFirst.has(program) &&
      !args.some(
        (arg) =>
          arg === '-e' ||
          arg === '-f' ||
          arg.startsWith('--regexp') ||
          arg.startsWith('--expression') ||
          /^-[a-zA-Z]*e/.test(arg),
      );
    // A symbolic link's target is text stored in the link, resolved from the link's folder: the
    // link rule judges it there (`ln -s ../shared lib/shared` points inside the workspace).
    let symbolicTarget =
      program === 'ln' && hasFlag(args, 's', ['--symbolic']) ? operands(args)[0] : undefined;
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      if (symbolicTarget !== undefined && arg === symbolicTarget) {
        symbolicTarget = undefined;
        continue;
      }
      if (valueOptions?.test(arg)) {
        index++;
        continue;
      }
      if (valueOptions && /^-[A-Za-z]/.test(arg) && valueOptions.test(arg.slice(0, 2))) continue;
      if (
        valueOptions &&
        /^--[a-z-]+=/.test(arg) &&
        valueOptions.test(arg.slice(0, arg.indexOf('=')))
      )
        continue;
      if (skipPattern && !arg.startsWith('-')) {
        skipPattern = false;
        continue;
      }
      const path = pathIn(arg);
      if (path) check(path, `${program} uses`);
    }
    // Where the program writes without naming it as a word (`tar -xPf`: wherever the archive's names point).
    // (A link's source is judged by the link rule, from the link's folder.)
    if (program !== 'ln')
      for (const written of writtenPaths(program, args))
        check(written.path, `${program} writes to`);
  }
  for (const redirect of command.redirects) {
    if (/^\d+$/.test(redirect.target) || redirect.target === '-') continue;
    check(redirect.target, /</.test(redirect.operator) ? 'Reads from' : 'Writes to');
  }
  return findings;
};

/** Recursive `chmod`/`chown` of critical folders (block); set-id bits, world-writable modes and ownership changes (warn). */
export const permissionRule: Rule = ({ program, args, command }, { paths }) => {
  if (!/^(chmod|chown|chgrp|chattr|setfacl)$/.test(program)) return [];
  const findings: Finding[] = [];
  const targets = operands(args);
  const recursive = hasFlag(args, 'R', ['--recursive']) || args.some((arg) => /^--rec/.test(arg));
  const files =
    program === 'chmod' || program === 'chown' || program === 'chgrp' ? targets.slice(1) : targets;
  if (recursive) {
    for (const target of files) {
      if (classifyTarget(target, command.cwd, paths) === 'critical') {
        findings.push(
          block(
            'recursive-permissions-critical',
            `${program} -R ${target}: changes permissions of the root, the home folder or a system folder.`,
          ),
        );
      }
    }
  }
  const risk = program === 'chmod' ? modeRisk(targets[0] ?? '') : undefined;
  if (risk === 'setuid') {
    findings.push(
      warn(
        'setuid',
        `chmod ${targets[0]} sets the set-user-ID or set-group-ID bit, which lets the program run with its owner's rights.`,
      ),
    );
  } else if (risk === 'world-writable') {
    findings.push(
      warn('world-writable', `chmod ${targets[0]} makes files writable by every user.`),
    );
  }
  if (program !== 'chmod')
    findings.push(warn('ownership', `${program} changes who owns or may use files.`));
  return findings;
};

/** Links that point out of the workspace: `ln -s / ./rootlink`, a hard link to an outside file. */
export const linkRule: Rule = ({ program, args, command }, { paths }) => {
  if (program !== 'ln') return [];
  const targets = operands(args);
  if (targets.length < 1) return [];
  const symbolic = hasFlag(args, 's', ['--symbolic']);
  const source = targets[0]!;
  const linkName = targets.length > 1 ? targets.at(-1)! : '.';
  const base =
    symbolic && !source.startsWith('/')
      ? dirname(resolve(command.cwd ?? '/', linkName))
      : command.cwd;
  const kind = classifyTarget(source, base, paths);
  if (kind === 'outside' || kind === 'critical') {
    return [
      warn(
        symbolic ? 'escape-symlink' : 'outside-hardlink',
        symbolic
          ? `ln -s makes a link to ${source}, outside the workspace, which later commands may follow.`
          : `ln makes a hard link to ${source}, a file outside the workspace.`,
      ),
    ];
  }
  return [];
};

/** What a chmod mode risks: set-id bits, or write access for every user. */
function modeRisk(mode: string): 'setuid' | 'world-writable' | undefined {
  if (/^[0-7]{3,4}$/.test(mode)) {
    const digits = mode.padStart(4, '0');
    if (Number(digits[0]) & 6) return 'setuid';
    return Number(digits[3]) & 2 ? 'world-writable' : undefined;
  }
  if (/[+=][rwxXt]*s/.test(mode)) return 'setuid';
  return /(^|,)[ugo]*[oa][ugo]*[+=][rwxXt]*w/.test(mode) ? 'world-writable' : undefined;
}
