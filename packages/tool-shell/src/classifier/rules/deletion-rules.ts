import { actionIsFiltered, findPrimaries, parseFind } from '../find-expression';
import type { Finding } from '../finding';
import { throughLinks } from '../linked-paths';
import { hasOption, parseOptions } from '../option-parser';
import { DYNAMIC } from '../shell-word';
import { classifyTarget, type PathContext } from '../target-paths';
import { block, operands, type Rule, warn } from './rule';

const rmLongOptions = [
  'recursive',
  'force',
  'interactive',
  'one-file-system',
  'no-preserve-root',
  'preserve-root',
  'dir',
  'verbose',
  'help',
  'version',
];

/** Judges the targets of a recursive delete: critical ones block, others outside warn. */
export function judgeDeleteTargets(
  targets: readonly string[],
  cwd: string | undefined,
  paths: PathContext,
  verb: string,
): Finding[] {
  const findings: Finding[] = [];
  for (const target of targets) {
    const shown = target.replaceAll(DYNAMIC, '…');
    switch (classifyTarget(target, cwd, paths)) {
      case 'critical':
        findings.push(
          block(
            'recursive-delete-critical',
            `${verb} ${shown}: the root, the home folder or a system folder would be deleted.`,
          ),
        );
        break;
      case 'workspace-root':
        findings.push(
          block('delete-workspace', `${verb} ${shown}: the whole workspace would be deleted.`),
        );
        break;
      case 'outside':
        findings.push(
          warn('outside-workspace', `${verb} ${shown}, which is outside the workspace.`),
        );
        break;
      case 'unknown':
        findings.push(
          warn(
            'dynamic-delete-target',
            `${verb} ${shown}, whose location is only known when it runs.`,
          ),
        );
        break;
      default:
        break;
    }
  }
  return findings;
}

/** `rm -r`, in any spelling of the flags (`-rf`, `-fr`, `-R`, `--recursive`, after `--`). */
export const recursiveRemoveRule: Rule = ({ program, args, command }, { paths }) => {
  if (program !== 'rm') return [];
  const parsed = parseOptions(args, { longFlags: rmLongOptions });
  if (!hasOption(parsed, 'r', 'R', 'recursive')) return [];
  const targets = parsed.operands.map((target) => throughLinks(target, command.cwd, command.files));
  return judgeDeleteTargets(targets, command.cwd, paths, 'rm -r');
};

/** Programs that delete (or trash) the files they are given, one at a time. */
export const fileDeleters =
  /^(rm|unlink|shred|srm|wipe|trash|trash-put|trash-rm|gtrash|rmtrash|rimraf|del|del-cli|rmdir)$/;

/** Programs that destroy the files they are given when `find -exec` runs them on each file found. */
const findDestroyers = /^(truncate|srm)$/;

/**
 * `find ROOT -delete` (or `-exec rm {}`: a deleter run on every file found), read with find's
 * grammar ({@link parseFind}: options before the roots, tests after an action do not filter it,
 * `!` and `-o` do not narrow): blocked on a critical root unless a test that selects some files
 * gates the action (`-name '*'` selects every file); and the command `-exec`/`-execdir`/`-ok`
 * runs (judged with `{}` unknown).
 */
export const findRule: Rule = ({ program, args, command }, context) => {
  if (program !== 'find') return [];
  const find = parseFind(args);
  const searchRoots = find.roots.map((root) => throughLinks(root, command.cwd, command.files));
  const findings: Finding[] = [];
  const primaries = findPrimaries(find);
  const deletes = primaries.filter(
    ({ words }) =>
      words[0] === '-delete' ||
      (/^-(exec|execdir|ok|okdir)$/.test(words[0]!) &&
        (fileDeleters.test((words[1] ?? '').replace(/^.*\//, '')) ||
          findDestroyers.test((words[1] ?? '').replace(/^.*\//, '')))),
  );
  if (deletes.length) {
    const filtered = deletes.every(({ at }) => actionIsFiltered(find, at));
    const verdicts = judgeDeleteTargets(
      searchRoots.map((root) => `${root.replace(/\/?$/, '/')}${DYNAMIC}`),
      command.cwd,
      context.paths,
      'find -delete in',
    );
    findings.push(
      ...(filtered
        ? verdicts.map((finding) => ({ ...finding, severity: 'warn' as const }))
        : verdicts),
    );
  }
  for (const { words } of primaries) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(words[0]!)) continue;
    const inner = words
      .slice(1)
      .filter((word, index, all) => index < all.length - 1 || !/^[;+]$/.test(word));
    for (const root of searchRoots) {
      const script = inner.map((word) =>
        word === '{}' ? `${root.replace(/\/?$/, '/')}${DYNAMIC}` : word,
      );
      findings.push(...context.classifyNested(script.map(quoteForShell).join(' '), command.cwd));
    }
  }
  return findings;
};

/** `rsync --delete` onto a critical or outside destination. */
export const rsyncDeleteRule: Rule = ({ program, args, command }, { paths }) => {
  if (program !== 'rsync' || !args.some((arg) => arg.startsWith('--delete') || arg === '--del'))
    return [];
  const destination = operands(args).at(-1);
  return destination
    ? judgeDeleteTargets([destination], command.cwd, paths, 'rsync --delete onto')
    : [];
};

/** PowerShell `Remove-Item -Recurse` of a drive root or system folder. */
export const removeItemRule: Rule = ({ program, args, command }, { paths }) => {
  if (!/^(remove-item|ri|rd|rmdir|del|erase)$/i.test(program)) return [];
  if (!args.some((arg) => /^-r(ecurse)?$/i.test(arg) || /^\/s$/i.test(arg))) return [];
  const targets = args.filter((arg) => !arg.startsWith('-') && !/^\/[a-z]$/i.test(arg));
  return judgeDeleteTargets(targets, command.cwd, paths, `${program} -Recurse`).filter(
    (finding) => finding.severity === 'block',
  );
};

/** Quotes a word for re-parsing (the {@link DYNAMIC} mark survives). */
export function quoteForShell(word: string): string {
  return /^[A-Za-z0-9_./=:@%+,\u{E000}-]+$/u.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
