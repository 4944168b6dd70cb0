import { callArgumentsAt, literalValue } from './interpreter-effects';

/**
 * Process-starting calls of the languages that the generic `system(...)` pattern misses, each
 * turned into the shell command it runs: the argv given as literals (`ProcessBuilder("rm",
 * "-rf", "/etc")`, Elixir's `System.cmd("rm", ["-rf", "/"])`, Lisp's `(run-program "/bin/rm"
 * (list "-rf" "/etc"))`, Scala's `Process(Seq("rm", "-rf", "/etc"))`, Haskell's `callProcess
 * "rm" ["-rf", "~"]`, Perl's `system qw(rm -rf /)`) or a command line (`"rm -rf /".execute()` in
 * Groovy, `"rm -rf /".!` in Scala, Haskell's `callCommand`/`spawnCommand`, Elixir's
 * `System.shell`/`:os.cmd`, Java's `Runtime.getRuntime().exec("...")`).
 */
export function processCallCommands(code: string): string[] {
  const commands: string[] = [];
  for (const match of code.matchAll(argvCalls)) {
    const rest = code.slice(match.index + match[0].length, match.index + match[0].length + 400);
    const end = statementEnd(rest);
    const words = literalsOf(rest.slice(0, end));
    if (words.length) commands.push(words.join(' '));
  }
  for (const match of code.matchAll(lineCalls)) {
    const rest = code.slice(match.index + match[0].length);
    const [first] = callArgumentsAt(rest, 0, false);
    const value = literalValue((first ?? '').replace(/^\(/, '').replace(/\)\s*$/, ''));
    if (value) commands.push(value);
  }
  for (const match of code.matchAll(methodOnLiteral)) {
    const value = literalValue(match[1]!);
    if (value) commands.push(value);
  }
  for (const match of code.matchAll(/\bqw\s*([({[/|!])/g)) {
    if (
      !/\b(system|exec|spawn)\s*\(?\s*$/.test(
        code.slice(Math.max(0, match.index - 12), match.index),
      )
    )
      continue;
    const closer =
      ({ '(': ')', '{': '}', '[': ']' } as Record<string, string>)[match[1]!] ?? match[1]!;
    const start = match.index + match[0].length;
    const end = code.indexOf(closer, start);
    if (end !== -1) commands.push(code.slice(start, end).trim().split(/\s+/).join(' '));
  }
  return commands;
}

/** Calls whose literal arguments (and lists of literals) are an argv. */
const argvCalls =
  /\b(?:ProcessBuilder|System\.cmd|run-program|callProcess|readProcess|spawnProcess|Process\s*\(\s*(?:Seq|List|Array)|rawSystem|:os\.cmd|Deno\.Command)\s*\(?/g;

/** Calls whose first argument is a whole command line. */
const lineCalls =
  /\b(?:callCommand|spawnCommand|System\.shell|getRuntime\s*\(\s*\)\s*\.\s*exec|shell_exec|readCreateProcess\s*\(\s*shell)\b\s*/g;

/** A literal with a method that runs it as a command: Groovy's `.execute()`, Scala's `.!`/`.!!`. */
const methodOnLiteral =
  /("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')\s*\.\s*(?:execute\s*\(|!!?(?![=\w]))/g;

/** Where a call's arguments end: the closing bracket that balances, or the statement's end. */
function statementEnd(text: string): number {
  let depth = 0;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quote) {
      if (character === '\\') index++;
      else if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if ('([{'.includes(character)) depth++;
    else if (')]}'.includes(character)) {
      if (--depth < 0) return index;
      if (depth === 0 && text[0] === '(') return index + 1;
    } else if (depth === 0 && (character === ';' || character === '\n')) return index;
  }
  return text.length;
}

/** The string literals of a piece of code, in order, escapes decoded. */
function literalsOf(text: string): string[] {
  return [...text.matchAll(/"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'/g)].map((match) =>
    (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1'),
  );
}

/**
 * Code that the code evaluates from a literal it decodes or assembles (`exec(b64decode(...))`,
 * `eval pack "H*", ...`, `eval(Buffer.from(..., 'base64').toString())`, `eval(atob(...))`):
 * the decoded code, to be judged as code of the same language.
 */
export function evaluatedLiterals(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(
    /\b(exec|eval|Function|instance_eval|class_eval|module_eval|evalString|runInThisContext|runInNewContext)\b\s*(\(?)/g,
  )) {
    const args = callArgumentsAt(code, match.index + match[0].length, match[2] === '(');
    // Without parentheses (Perl's `eval pack "H*", "..."`) the whole expression is the argument.
    const value = literalValue((match[2] === '(' ? (args[0] ?? '') : args.join(',')).trim());
    if (value) found.push(value);
  }
  return found;
}

/**
 * Signals sent to every process the user may signal (`process.kill(-1)`, `os.kill(-1, 9)`,
 * Perl's `kill 9, -1`, Ruby's `Process.kill(:KILL, -1)`, PHP's `posix_kill(-1, 9)`), as the
 * shell command `kill -9 -1`.
 */
export function killEverything(code: string): string[] {
  return /\b(?:process\.kill|os\.kill|posix_kill)\s*\(\s*-1\s*[,)]|\bkill\s*\(?\s*(?:['"]?-?\w+['"]?|:\w+)\s*,\s*-1\b|\bProcess\.kill\s*\(\s*(?::\w+|['"]\w+['"]|\d+)\s*,\s*-1\b|\bos\.killpg\s*\(\s*[01]\s*,/.test(
    code,
  )
    ? ['kill -9 -1']
    : [];
}
