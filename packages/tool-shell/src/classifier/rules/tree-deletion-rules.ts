import { expressionIsFiltered, parseFind } from '../find-expression';
import { configuredWorkTree } from '../git-config-writes';
import { DYNAMIC } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { fileDeleters, judgeDeleteTargets } from './deletion-rules';
import { operands, type Rule } from './rule';

/**
 * What tools that delete whole trees delete: `rimraf`, `del-cli`, `trash`/`trash-put`, `gio
 * trash|remove`, `cmake -E remove_directory|rm -r`, `rclone purge|delete|rmdirs` (the path) and
 * `rclone sync|move` (the destination's extra files, the source's files).
 */
function treeTargets(program: string, args: readonly string[]): string[] | undefined {
  const words = operands(args);
  if (/^(rimraf|del|del-cli|trash|trash-put|gtrash|rmtrash)$/.test(program)) return words;
  if (program === 'gio' && /^(trash|remove|rm)$/.test(words[0] ?? '')) return words.slice(1);
  if (program === 'cmake' && args[0] === '-E') {
    const [verb, ...rest] = args.slice(1);
    if (verb === 'remove_directory' || verb === 'rm') return operands(rest);
    return undefined;
  }
  // Archivers told to delete what they archive: `tar --remove-files`, `zip -m`, `7z a -sdel`.
  if ((program === 'tar' || program === 'bsdtar') && args.includes('--remove-files'))
    return args.filter(
      (arg, index) =>
        !arg.startsWith('-') && !/^-[A-Za-z]*f$|^--file$/.test(args[index - 1] ?? '') && index > 0,
    );
  if (program === 'zip' && args.some((arg) => /^-[A-Za-z]*m/.test(arg) || arg === '--move'))
    return words.slice(1);
  if (program === '7z' && args.includes('-sdel')) return words.slice(2);
  if (program === 'rclone') {
    const [verb, ...rest] = words;
    if (/^(purge|delete|rmdirs|deletefile)$/.test(verb ?? '')) return rest.slice(0, 1);
    if (verb === 'sync') return rest.slice(1, 2);
    if (verb === 'move') return rest.slice(0, 1);
  }
  return undefined;
}

/**
 * `git clean -f` with another work tree (`--work-tree=DIR`, `GIT_WORK_TREE=DIR`, a
 * `core.worktree` set earlier in the same command): every
 * untracked file there (with `-d`, folders too) is deleted, so it is a recursive delete of DIR.
 */
function gitCleanTargets(args: readonly string[], command: SimpleCommand): string[] | undefined {
  const at = args.indexOf('clean');
  if (at === -1 || !args.slice(at + 1).some((arg) => /^-[a-zA-Z]*f|^--force$/.test(arg)))
    return undefined;
  const global = args.slice(0, at);
  const option = global.findIndex((arg) => arg === '--work-tree' || arg.startsWith('--work-tree='));
  const tree =
    option === -1
      ? (command.environment?.get('GIT_WORK_TREE')?.[0] ?? configuredWorkTree(command))
      : global[option]!.includes('=')
        ? global[option]!.slice(12)
        : global[option + 1];
  return tree === undefined ? undefined : [`${tree.replace(/\/?$/, '/')}${DYNAMIC}`];
}

/** Tree deletion by tools other than `rm -r` ({@link treeTargets}), judged like `rm -r`. */
export const treeDeleteRule: Rule = ({ program, args, command }, { paths }) => {
  const targets = program === 'git' ? gitCleanTargets(args, command) : treeTargets(program, args);
  return targets ? judgeDeleteTargets(targets, command.cwd, paths, `${program} deletes`) : [];
};

/**
 * The folders whose every entry a listing command prints: `find ROOT` (without name filters),
 * `ls [-A] [DIR]` (the working folder by default), `printf '%s\0' DIR/*`.
 */
export function listedTrees(producer: SimpleCommand | undefined): string[] {
  const [name, ...args] = producer?.words ?? [];
  const program = name?.replace(/^.*\//, '');
  if (program === 'find') {
    const find = parseFind(args);
    return expressionIsFiltered(find) ? [] : [...find.roots];
  }
  if (program === 'ls' || program === 'dir') {
    const folders = operands(args);
    return folders.length ? folders : ['.'];
  }
  return [];
}

/**
 * A file deleter run by `xargs` on everything a listing prints (`find / -type f | xargs rm`,
 * `cd ~ && ls -A | xargs rm -rf`) deletes the listed tree: judged as deleting it.
 */
export const listedDeleteRule: Rule = ({ program, wrappers, command }, { paths }) => {
  if (!wrappers.includes('xargs') || !fileDeleters.test(program)) return [];
  const trees = listedTrees(command.stdin?.producer);
  return judgeDeleteTargets(
    trees.map((tree) => `${tree.replace(/\/?$/, '/')}${DYNAMIC}`),
    command.stdin?.producer?.cwd ?? command.cwd,
    paths,
    `xargs ${program} over everything in`,
  );
};
