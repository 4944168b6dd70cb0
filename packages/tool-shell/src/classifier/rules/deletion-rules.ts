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

const findFilters = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-regex',
  '-iregex',
  '-newer',
  '-mtime',
  '-mmin',
  '-size',
  '-user',
  '-group',
  '-empty',
  '-perm',
  '-wholename',
]);

/** Programs that delete (or trash) the files they are given, one at a time. */
export const fileDeleters =
  /^(rm|unlink|shred|srm|wipe|trash|trash-put|trash-rm|gtrash|rmtrash|rimraf|del|del-cli|rmdir)$/;

/** `find PATH -delete` (or `-exec rm {}`: a deleter run on every file found), and the command `-exec`/`-execdir`/`-ok` runs (judged with `{}` unknown). */
export const findRule: Rule = ({ program, args, command }, context) => {
  if (program !== 'find') return [];
  let start = 0;
  while (start < args.length && /^-([HLP]+|D|O\d*)$/.test(args[start]!))
    start += args[start] === '-D' ? 2 : 1;
  if (args[start] === '--') start++;
  const firstExpression = args.findIndex(
    (arg, index) =>
      index >= start && (arg.startsWith('-') || arg === '(' || arg === '!' || arg === ','),
  );
  const roots = (
    firstExpression === -1 ? args.slice(start) : args.slice(start, firstExpression)
  ).filter(Boolean);
  const searchRoots = (roots.length ? roots : ['.']).map((root) =>
    throughLinks(root, command.cwd, command.files),
  );
  const expression = firstExpression === -1 ? [] : args.slice(firstExpression);
  const findings: Finding[] = [];
  const execDelete = expression.findIndex(
    (arg, index) =>
      /^-(exec|execdir|ok|okdir)$/.test(arg) &&
      fileDeleters.test((expression[index + 1] ?? '').replace(/^.*\//, '')),
  );
  const deleteAt = expression.includes('-delete') ? expression.indexOf('-delete') : execDelete;
  if (deleteAt !== -1) {
    const alternatives = expression.some((arg) => arg === '-o' || arg === '-or' || arg === ',');
    const filtered =
      !alternatives && expression.slice(0, deleteAt).some((arg) => findFilters.has(arg));
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
  for (let index = 0; index < expression.length; index++) {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(expression[index]!)) continue;
    const end = expression.findIndex(
      (arg, position) => position > index && (arg === ';' || arg === '+'),
    );
    const inner = expression.slice(index + 1, end === -1 ? undefined : end);
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
