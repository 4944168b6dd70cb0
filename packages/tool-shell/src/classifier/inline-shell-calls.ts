import { callArgumentsAt, interpreterEffects, literalValue } from './interpreter-effects';
import { languageShellEscapes } from './language-escapes';
import { evaluatedLiterals, killEverything, processCallCommands } from './process-calls';
import { toolShellEscapes } from './tool-languages';

// Perl and Ruby call `system "..."`, `exec '...'` without parentheses too.
const shellCall =
  /\b(system|popen|exec|execSync|execFile|execFileSync|spawn|spawnSync|shell_exec|passthru|proc_open|check_output|check_call|call|run|getoutput|getstatusoutput|Popen|capture2e?|capture3|shell|qqx|execute|execv|execvp|execve|execvpe|execl|execlp|execle|spawnv|spawnvp|spawnl|spawnlp|posix_spawn|posix_spawnp)(?:\s*\(|[ \t]+(?=["'`[]|qq?[({[/|!]|pack\b|join\b|scalar\b|reverse\b|chr\b|str_rot13\b))/g;
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
export function inlineShellCommands(code: string, language: string, depth = 0): string[] {
  const commands: string[] = [];
  // Code evaluated from a literal it decodes or assembles is code of the same language.
  if (depth < 3)
    for (const decoded of evaluatedLiterals(code))
      commands.push(...inlineShellCommands(decoded, language, depth + 1));
  commands.push(...processCallCommands(code), ...killEverything(code));
  for (const match of code.matchAll(shellCall)) {
    // `system("rm", "-rf", "/")`, `execFileSync("rm", ["-rf", "/"])`, `run(["rm", "-rf", "/"])`:
    // literal arguments and lists of literals are the argv, up to the first other argument.
    const words: string[] = [];
    const parenthesised = match[0].endsWith('(');
    for (const argument of callArgumentsAt(code, match.index + match[0].length, parenthesised)) {
      const text = argument.trim();
      const folded0 = literalValue(text);
      const literals = folded0 !== undefined ? [folded0] : stringLiterals(text);
      if (literals.length === 0 || (!/^["'[`]/.test(text) && folded0 === undefined)) break;
      // `"rm -r" + "f /"`: a concatenation of literals is one string.
      const folded = folded0;
      words.push(
        ...(folded !== undefined
          ? [folded]
          : text.startsWith('[')
            ? literals
            : literals.slice(0, 1)),
      );
    }
    if (words.length) commands.push(words.join(' '));
  }
  commands.push(...interpreterEffects(code));
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
  commands.push(...languageShellEscapes(code, language));
  // PowerShell statements are commands with arguments, as in the shell (`Remove-Item -Recurse ~`).
  if (language === 'PowerShell') commands.push(code);
  // gnuplot and Octave run a line starting with `!` (`system` too) as a shell command.
  if (/^(gnuplot|Octave)$/.test(language))
    for (const match of code.matchAll(/(?:^|[;\n])\s*!([^\n;]*)/g)) commands.push(match[1]!);
  return commands.filter((command) => command.trim() !== '').slice(0, 16);
}

/** The string literals in a piece of code, escapes decoded. */
function stringLiterals(code: string): string[] {
  const literals: string[] = [];
  for (const match of code.matchAll(
    /"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|`((?:\\.|[^`\\$])*)`/g,
  ))
    literals.push((match[1] ?? match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1'));
  return literals;
}
