import { resolve } from 'node:path';
import type { Finding } from '../finding';
import { throughLinks } from '../linked-paths';
import { parseOptions } from '../option-parser';
import { judgeDeleteTargets } from './deletion-rules';
import { operands, type Rule } from './rule';

/**
 * Other ways to lose a critical folder: `shred` of files in it, `mv` of it (`mv /etc
 * /etc.old`, `mv -t /tmp /usr`), `rsync --remove-source-files` from it, `git clean -fdx` in it.
 */
export const moveAwayRule: Rule = ({ program, args, command }, { paths }) => {
  const cwd = command.cwd;
  const judge = (targets: readonly string[], verb: string): Finding[] =>
    judgeDeleteTargets(
      targets.map((target) => throughLinks(target, cwd, command.files)),
      cwd,
      paths,
      verb,
    ).filter((finding) => finding.severity === 'block');
  if (program === 'shred' || program === 'srm' || program === 'wipe')
    return judge(operands(args), program);
  if (program === 'mv') {
    const parsed = parseOptions(args, {
      shortWithValue: 'tS',
      longWithValue: ['target-directory', 'suffix', 'backup'],
    });
    const explicitTarget = parsed.options.some(
      (option) => option.name === 't' || option.name === 'target-directory',
    );
    const sources = explicitTarget ? parsed.operands : parsed.operands.slice(0, -1);
    return judge(sources, 'mv');
  }
  if (program === 'rsync' && args.includes('--remove-source-files'))
    return judge(operands(args).slice(0, -1), 'rsync --remove-source-files from');
  if (program === 'git') {
    const parsed = parseOptions(args, {
      shortWithValue: 'Cc',
      longWithValue: ['git-dir', 'work-tree', 'namespace', 'exec-path'],
      stopAtOperand: true,
    });
    const [subcommand, ...rest] = args.slice(parsed.rest);
    if (subcommand !== 'clean') return [];
    const options = parseOptions(rest, { shortWithValue: 'eE', longWithValue: ['exclude'] });
    if (!options.options.some((option) => option.name === 'f' || option.name === 'force'))
      return [];
    const folders = parsed.options
      .filter((option) => option.name === 'C' && option.value !== undefined)
      .reduce((folder, option) => resolve(folder, option.value!), cwd ?? '/');
    const targets = options.operands.length ? options.operands : ['.'];
    return judgeDeleteTargets(targets, folders, paths, 'git clean in').filter(
      (finding) => finding.severity === 'block' && finding.rule !== 'delete-workspace',
    );
  }
  return [];
};
