import { toolShellEscapes } from './tool-languages';

const shellCall =
  /\b(system|popen|exec|execSync|execFile|execFileSync|spawn|spawnSync|shell_exec|passthru|proc_open|check_output|check_call|call|run|getoutput|getstatusoutput|Popen|capture2e?|capture3)\s*\(/g;
const quotedCommand = /`([^`]*)`|%x\(([^)]*)\)|%x\{([^}]*)\}|\bqx\s*([({[/|!])/g;
const closers: Record<string, string> = { '(': ')', '{': '}', '[': ']' };

/**
 * The shell commands that inline interpreter code hands to a shell as literals: the first
 * argument of `system(...)`, `os.system`, `subprocess.run/call/Popen/check_output`, `popen`,
 * `execSync`/`exec`/`spawn`, `shell_exec`, `passthru`, `proc_open`, `Open3.capture*` (a list of
 * literals is an argv, joined into a command), and in Perl, Ruby and PHP the commands in
 * backticks, `%x(...)` and `qx(...)`. Parts that are not literals are left out: those are judged through the arguments
 * the code receives.
 */
export function inlineShellCommands(code: string, language: string): string[] {
  const commands: string[] = [];
  for (const match of code.matchAll(shellCall)) {
    // `system("rm", "-rf", "/")`, `execFileSync("rm", ["-rf", "/"])`, `run(["rm", "-rf", "/"])`:
    // literal arguments and lists of literals are the argv, up to the first other argument.
    const words: string[] = [];
    for (const argument of callArguments(code, match.index + match[0].length)) {
      const text = argument.trim();
      const literals = stringLiterals(text);
      if (literals.length === 0 || !/^["'[]/.test(text)) break;
      words.push(...(text.startsWith('[') ? literals : literals.slice(0, 1)));
    }
    if (words.length) commands.push(words.join(' '));
  }
  // Backticks run a command in Perl, Ruby and PHP (in JavaScript they are template strings).
  const backticks = /^(Perl|Ruby|PHP)$/.test(language);
  for (const match of backticks ? code.matchAll(quotedCommand) : []) {
    const opener = match[4];
    if (opener === undefined) {
      commands.push(match[1] ?? match[2] ?? match[3] ?? '');
      continue;
    }
    const closer = closers[opener] ?? opener;
    const start = match.index + match[0].length;
    const end = code.indexOf(closer, start);
    if (end !== -1) commands.push(code.slice(start, end));
  }
  commands.push(...toolShellEscapes(code, language));
  return commands.filter((command) => command.trim() !== '').slice(0, 16);
}

/** The top-level arguments of a call whose `(` ends just before `start`. */
function callArguments(code: string, start: number): string[] {
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
    }
  }
  return [...found, code.slice(from)];
}

/** The string literals in a piece of code, escapes decoded. */
function stringLiterals(code: string): string[] {
  const literals: string[] = [];
  for (const match of code.matchAll(/"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'/g))
    literals.push((match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1'));
  return literals;
}
