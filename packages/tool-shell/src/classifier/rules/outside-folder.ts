import { isWrapper } from '../program-table';
import { classifyTarget } from '../target-paths';
import { type Rule, warn } from './rule';

/**
 * Programs that use no file of the folder they run in: changing folder itself, printing and
 * shell state. Everything else may read, list or write the folder (`ls`, `grep -r x`, `find`,
 * `du`, `git init`, `npm install`, a relative path).
 */
const folderFree =
  /^(cd|pushd|popd|dirs|pwd|echo|printf|true|false|:|test|\[|\[\[|export|unset|set|shift|local|declare|typeset|readonly|alias|unalias|type|hash|which|sleep|date|exit|return|break|continue|wait|jobs|read|let|getopts|umask|trap|shopt)$/;

/**
 * A command that runs in a folder outside the workspace (after `cd /etc`, `pushd ~`, `cd -`):
 * it may read, list or write there without naming a path (`cd ~; grep -r token`, `cd ..; ls`).
 * Changing folder alone asks nothing: what runs afterwards is judged in the folder it runs in,
 * so `cd /; cd ~-; rm -rf *` (back in the workspace) is judged in the workspace.
 */
export const outsideFolderRule: Rule = ({ program, command }, { paths }) => {
  const cwd = command.cwd;
  // The workspace itself is the common case: no need to look at the disk.
  if (cwd === undefined || cwd === paths.workspaceRoot) return [];
  if (folderFree.test(program) || isWrapper(program)) return [];
  const kind = classifyTarget(cwd, undefined, paths);
  if (kind !== 'outside' && kind !== 'critical') return [];
  return [warn('outside-folder', `${program} runs in ${cwd}, which is outside the workspace.`)];
};
