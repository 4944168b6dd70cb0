import { assembledLiteral } from './assembled-literals';
import { quoteForShell } from './rules/deletion-rules';
import { treeWalkDeletions } from './tree-walk-effects';

/**
 * What interpreter code does to files, written as the shell command with the same effect, so
 * that the shell rules judge it: a recursive-delete API (`shutil.rmtree`, `fs.rmSync(p,
 * {recursive})`, `FileUtils.rm_rf`, Perl's `rmtree`/`remove_tree`, `os.RemoveAll`, `rimraf`,
 * `fs-extra`'s `remove`) is `rm -rf PATH`; a file delete (`os.remove`, `unlink`, `fs.unlinkSync`,
 * `File.delete`) is `rm -f PATH`; opening a file for writing or writing a whole file (`open(p,
 * 'w')`, `fs.writeFileSync`, `File.write`, `file_put_contents`, Perl's `open(F, '>', p)`) is
 * `: > PATH`; a fork in an endless loop is a fork bomb. Only literal paths (after folding
 * concatenations of literals, and with the home folder's usual spellings as `~`) are used.
 */
export function interpreterEffects(code: string): string[] {
  const commands: string[] = [];
  const bindings = literalBindings(code);
  for (const match of code.matchAll(callPattern)) {
    const name = match[1]!;
    const args = callArgumentsAt(code, match.index + match[0].length, match[0].endsWith('('));
    const path = literalValue(args[0] ?? '', bindings);
    if (opens.test(name)) {
      const mode = literalValue(args[1] ?? '', bindings);
      if (path && mode !== undefined && /^[wx]/.test(mode)) commands.push(`: > ${shellPath(path)}`);
      // Perl's `open(F, '>', PATH)` and `open(F, ">PATH")`.
      if (mode !== undefined && /^\+?>(?!>)\s*\S/.test(mode))
        commands.push(`: > ${shellPath(mode.replace(/^\+?>\s*/, ''))}`);
      const target = literalValue(args[2] ?? '', bindings);
      if (mode !== undefined && /^\+?>$/.test(mode) && target)
        commands.push(`: > ${shellPath(target)}`);
      continue;
    }
    if (path === undefined || path === '') continue;
    const quoted = shellPath(path);
    const options = args.slice(1).join(',');
    if (
      recursiveDeletes.test(name) ||
      (/^(rm|rmSync|rmdirSync|rmdir|remove|unlink|removeSync)$/.test(name) &&
        /recursive\s*:\s*true|recursive\s*=>\s*1|recursive\s*=\s*(TRUE|T|True)\b/.test(options))
    )
      commands.push(`rm -rf ${quoted}`);
    else if (fileDeletes.test(name)) commands.push(`rm -f ${quoted}`);
    else if (
      fileWrites.test(name) ||
      (name === 'write' && /\b(File|IO)\s*\.\s*write\b/.test(match[0]))
    )
      commands.push(`: > ${quoted}`);
  }
  commands.push(...treeWalkDeletions(code));
  if (
    /\b(fork|spawn|Popen)\b/.test(code) &&
    endlessLoop.test(code) &&
    !/\b(break|last|accept|sleep|wait|waitpid|exit|return)\b/.test(code)
  )
    commands.push('f(){ f|f& };f');
  return commands.slice(0, 16);
}

const recursiveDeletes =
  /^(rmtree|rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|remove_tree|RemoveAll|rimraf|removeSync|emptyDirSync|emptyDir|deleteRecursively)$/;
const fileDeletes = /^(unlink|unlinkSync|remove|delete|rm_f|rm|rmSync|safe_unlink|Remove)$/;
const fileWrites =
  /^(writeFileSync|writeFile|write_text|write_bytes|file_put_contents|truncateSync|truncate|createWriteStream|outputFileSync|WriteFile)$/;
const opens = /^(open|fopen|sysopen|File\.open|IO\.open)$/;

const callPattern =
  /(?<![\w$])(?:[\w$]+\s*(?:\.|::|->)\s*)*(rmtree|rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|remove_tree|RemoveAll|rimraf|removeSync|emptyDirSync|emptyDir|deleteRecursively|unlink|unlinkSync|remove|delete|rm_f|rm|rmSync|rmdirSync|rmdir|safe_unlink|Remove|writeFileSync|writeFile|write_text|write_bytes|file_put_contents|truncateSync|truncate|createWriteStream|outputFileSync|WriteFile|write|open|fopen|sysopen)\b(?:\s*\(|[ \t]+(?=["'$~]|[A-Z]+\s*,))/g;

const endlessLoop =
  /\biter\s*\(\s*int\s*,|\bitertools\.count\s*\(|\bcycle\s*\(|\bwhile\s*(\(\s*)?(1|true|True|TRUE)\b|\bfor\s*\(\s*;\s*;\s*\)|\bloop\s*(do|\{)|\buntil\s*(\(\s*)?(0|false)\b|\bwhile\s*\(\s*!?\s*0?\s*\)|\bfork\s+while\b|\bfork\s+until\b|\bfork\b[^;]*\bwhile\s+1/;

/**
 * The arguments of a call from `start` (just after `(`, or after the name for a call without
 * parentheses, which ends at `;`, a line break, `}` or a keyword such as `or`/`if`).
 */
export function callArgumentsAt(code: string, start: number, parenthesised: boolean): string[] {
  const found: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let from = start;
  for (let index = start; index < code.length && found.length < 8; index++) {
    const character = code[index]!;
    if (quote) {
      if (character === '\\') index++;
      else if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'" || character === '`') quote = character;
    else if (character === '(' || character === '[' || character === '{') depth++;
    else if (character === ')' || character === ']' || character === '}') {
      if (depth === 0) return [...found, code.slice(from, index)];
      depth--;
    } else if (character === ',' && depth === 0) {
      found.push(code.slice(from, index));
      from = index + 1;
    } else if (
      !parenthesised &&
      depth === 0 &&
      (character === ';' ||
        character === '\n' ||
        /^\s(or|and|if|unless)\b/.test(code.slice(index, index + 8)))
    )
      return [...found, code.slice(from, index)];
  }
  return [...found, code.slice(from)];
}

/** Expressions that stand for the home folder in the common languages. */
const homeExpressions =
  /^(os\.path\.expanduser\(\s*["']~["']\s*\)|(pathlib\.)?Path\.home\(\)|(require\(["'](node:)?os["']\)|os)\.homedir\(\)|process\.env\.HOME|process\.env\[["']HOME["']\]|Dir\.home|ENV\[["']HOME["']\]|\$ENV\{["']?HOME["']?\}|os\.environ\[["']HOME["']\]|os\.getenv\(["']HOME["']\)|getenv\(["']HOME["']\))$/;

/**
 * The value of an expression made only of string literals (concatenated with `+`, `.` or by
 * juxtaposition; Python's `r`/`b` prefixes; JavaScript template strings without `${}`), with
 * the home folder's spellings as `~`; undefined for anything else.
 */
export function literalValue(
  expression: string,
  bindings: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  let text = expression.trim();
  if (text === '') return undefined;
  let value = '';
  while (text !== '') {
    const literal =
      /^[rRbBuUfF]{0,2}("((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|`((?:\\.|[^`\\$])*)`)/.exec(text);
    const decoded = decodedLiteral(text);
    const quoteLike = /^qq?\s*([({[/|!])/.exec(text);
    if (decoded) {
      value += decoded[0];
      text = text.slice(decoded[1]).trim();
    } else if (quoteLike) {
      // Perl's q(...) and qq(...) quote operators.
      const closer =
        ({ '(': ')', '{': '}', '[': ']' } as Record<string, string>)[quoteLike[1]!] ??
        quoteLike[1]!;
      const end = text.indexOf(closer, quoteLike[0].length);
      if (end === -1) return undefined;
      value += text.slice(quoteLike[0].length, end);
      text = text.slice(end + 1).trim();
    } else if (literal && !/^[fF]/.test(text)) {
      value += (literal[2] ?? literal[3] ?? literal[4] ?? '').replace(/\\(.)/g, '$1');
      text = text.slice(literal[0].length).trim();
    } else if (bindings.has(/^[$@]?[A-Za-z_]\w*/.exec(text)?.[0] ?? '')) {
      const name = /^[$@]?[A-Za-z_]\w*/.exec(text)![0];
      value += bindings.get(name)!;
      text = text.slice(name.length).trim();
    } else {
      const home = homePrefix(text);
      if (home === 0) return undefined;
      value += '~';
      text = text.slice(home).trim();
    }
    if (text.startsWith('+') || text.startsWith('.')) text = text.slice(1).trim();
    else if (text !== '' && !/^["'`]/.test(text)) return undefined;
  }
  return value;
}

/** The length of a home-folder expression at the start of the text (0 when there is none). */
function homePrefix(text: string): number {
  for (let length = Math.min(text.length, 48); length > 0; length--)
    if (homeExpressions.test(text.slice(0, length))) return length;
  return 0;
}

/** Variables given a literal value in the code (`p = "/"`, `const p = '/'`, `my $p = "/";`). */
function literalBindings(code: string): Map<string, string> {
  const bindings = new Map<string, string>();
  for (const match of code.matchAll(
    /(?:^|[;\n{(]|\b(?:const|let|var|my|our|local))\s*([$@]?[A-Za-z_]\w*)\s*=(?!=)\s*([^;\n]+)/g,
  )) {
    const value = literalValue(match[2]!, bindings);
    if (value !== undefined) bindings.set(match[1]!, value);
  }
  return bindings;
}

/** A path as a shell word, `~` left unquoted so that it still means the home folder. */
function shellPath(path: string): string {
  return quoteForShell(path).replace(/^'~\//, "~/'").replace(/^'~'$/, '~');
}

const quotedText = `("(?:\\\\.|[^"\\\\])*"|'(?:\\\\.|[^'\\\\])*')`;
/** Decoders of a literal: hex and base64, in Python, Perl, JavaScript and Ruby spellings. */
const decoders: [RegExp, (text: string) => string][] = [
  [
    new RegExp(`^bytes\\.fromhex\\(\\s*${quotedText}\\s*\\)(\\.decode\\(\\s*\\))?`),
    (hex) => Buffer.from(hex, 'hex').toString('utf8'),
  ],
  [
    new RegExp(`^pack\\s*\\(?\\s*["']H\\*["']\\s*,\\s*${quotedText}\\s*\\)?`),
    (hex) => Buffer.from(hex, 'hex').toString('utf8'),
  ],
  [
    new RegExp(
      `^(?:base64\\.|__import__\\(\\s*["']base64["']\\s*\\)\\.)?(?:b64decode|urlsafe_b64decode|decodebytes)\\(\\s*${quotedText}\\s*\\)(\\.decode\\(\\s*\\))?`,
    ),
    (text) => Buffer.from(text, 'base64').toString('utf8'),
  ],
  [
    new RegExp(`^atob\\(\\s*${quotedText}\\s*\\)`),
    (text) => Buffer.from(text, 'base64').toString('utf8'),
  ],
  [
    new RegExp(
      `^Buffer\\.from\\(\\s*${quotedText}\\s*,\\s*["'](base64|hex)["']\\s*\\)(\\.toString\\(\\s*\\))?`,
    ),
    (text) => text,
  ],
  [
    new RegExp(`^Base64\\.decode64\\(\\s*${quotedText}\\s*\\)`),
    (text) => Buffer.from(text, 'base64').toString('utf8'),
  ],
];

/** A decoded literal at the start of the text, with the length it takes; undefined when there is none. */
function decodedLiteral(text: string): [string, number] | undefined {
  for (const [pattern, decode] of decoders) {
    const match = pattern.exec(text);
    if (!match) continue;
    const inner = match[1]!.slice(1, -1);
    const encoding = match[2];
    const value =
      encoding === 'base64' || encoding === 'hex'
        ? Buffer.from(inner, encoding).toString('utf8')
        : decode(inner);
    return [value, match[0].length];
  }
  return assembledLiteral(text);
}
