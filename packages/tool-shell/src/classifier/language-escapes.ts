/**
 * Shell commands that the languages of the code-runner table run through their own escapes:
 * Raku's `shell "..."` and `run "..."`, gnuplot's and IPython's `!cmd` lines, IPython's
 * `%sx`/`%system`, TeX's `\write18{...}` and `\ShellEscape{...}`, gdb's `shell`/`!` and
 * lldb's `platform shell`.
 */
export function languageShellEscapes(code: string, language: string): string[] {
  const commands: string[] = [];
  const push = (pattern: RegExp) => {
    for (const match of code.matchAll(pattern)) if (match[1]) commands.push(match[1]);
  };
  switch (language) {
    case 'Raku':
      push(/\b(?:shell|run|qqx|qx)\s*\(?\s*["'{<]([^"'}>]*)["'}>]/g);
      break;
    case 'gnuplot':
    case 'IPython':
      push(/(?:^|[;\n])\s*!([^\n;]+)/g);
      push(/%(?:sx|system|sc)\s+([^\n]+)/g);
      break;
    case 'TeX':
      push(/\\(?:immediate\s*)?\\?write18\s*\{([^}]*)\}/g);
      push(/\\ShellEscape\s*\{([^}]*)\}/g);
      break;
    case 'gdb':
    case 'lldb':
      push(/(?:^|\n)\s*(?:shell|platform\s+shell|!)\s*([^\n]+)/g);
      break;
    default:
      break;
  }
  return commands;
}

/** The commands of make's `$(shell ...)` calls in makefile text (nested parentheses balanced). */
export function makeShellCalls(text: string): string[] {
  const commands: string[] = [];
  for (let at = text.indexOf('$(shell'); at !== -1; at = text.indexOf('$(shell', at + 1)) {
    let depth = 0;
    for (let index = at + 1; index < text.length; index++) {
      if (text[index] === '(') depth++;
      else if (text[index] === ')' && --depth === 0) {
        commands.push(text.slice(at + 8, index));
        break;
      }
    }
  }
  return commands;
}
