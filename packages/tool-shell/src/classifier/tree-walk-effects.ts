import { callArgumentsAt, literalValue } from './interpreter-effects';

/**
 * Calls that walk or list a folder, with the argument that names it: Python's `os.walk`,
 * `os.scandir`, `os.listdir`, `glob.glob`, `Path(X).rglob|glob|iterdir`; Node's `readdirSync`,
 * `readdir`, `opendirSync`; Ruby's `Dir.glob`, `Dir[...]`, `Find.find`, `Dir.children`; Perl's
 * `find(sub {...}, X)`, `finddepth`, `opendir(D, X)`, `glob(X)`.
 */
const walkers =
  /(?<![\w$])(?:[\w$]+\s*(?:\.|::)\s*)*(walk|scandir|listdir|iglob|glob|rglob|iterdir|readdirSync|readdir|opendirSync|opendir|find|finddepth|children|each_child|entries|Path)\s*(\(|\[)/g;

/** File and tree deletion calls whose path is computed (the files the walk found). */
const deletions =
  /(?<![\w$])(?:[\w$]+\s*(?:\.|::|->)\s*)*(remove|unlink|unlinkSync|rmSync|rm|rmtree|rm_rf|rm_f|rmdir|rmdirSync|delete|remove_tree|removeSync|safe_unlink|RemoveAll|Remove)(?:\s*\(\s*(?!["'`])|\s+[$@])/;

/**
 * Interpreter code that deletes what it finds while walking a literal folder (`for r, _, fs in
 * os.walk(os.path.expanduser("~")): os.remove(...)`, `find(sub { unlink }, "/etc")`), written
 * as the shell command with that effect: `rm -rf ROOT/*` for each walked folder.
 */
export function treeWalkDeletions(code: string): string[] {
  if (!deletions.test(code)) return [];
  const roots = new Set<string>();
  for (const match of code.matchAll(walkers)) {
    const name = match[1]!;
    const args = callArgumentsAt(code, match.index + match[0].length, true);
    // Perl's find/finddepth take the code first, then the folders; opendir a handle first.
    const candidates =
      name === 'find' || name === 'finddepth' || name === 'opendir'
        ? args.slice(1)
        : args.slice(0, 1);
    for (const candidate of candidates) {
      const value = literalValue(candidate.replace(/\]\s*$/, ''));
      if (value === undefined || value === '') continue;
      // A glob names the folder it starts in (`~/**/*` walks the home folder).
      roots.add(value.replace(/\/?[^/]*[*?[].*$/, '') || '/');
    }
  }
  return [...roots].slice(0, 8).map((root) => `rm -rf ${shellWord(root)}/*`);
}

/** A folder as a shell word, a leading `~` left unquoted so that it still means home. */
function shellWord(path: string): string {
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  if (path === '~') return '~';
  return path.startsWith('~/') ? `~/${quote(path.slice(2))}` : quote(path);
}
