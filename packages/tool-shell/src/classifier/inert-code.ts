import { isPrintOnly, withoutReadOnlyOs } from './inert-languages';

/**
 * Whether an interpreter one-liner only computes and prints: no module or call that reaches the
 * system, the network, the environment or other code, no way to build a name or code at run
 * time, and only literal relative file names (inside the workspace) read. Such one-liners
 * (`python3 -c 'import json; print(json.load(open("package.json"))["version"])'`, `node -e
 * 'console.log(require("./package.json").version)'`, `perl -pi -e 's/a/b/' src/*.js`) need no
 * question; anything else keeps the interpreter warning.
 */
export function isInertOneLiner(language: string, code: string | undefined): boolean {
  if (!code || code.length > 400 || /\\[xuU0-7]|\\N\{/.test(code)) return false;
  // Perl substitutions and print statements touch no file by name: their quotes and slashes
  // are not paths.
  if (language === 'Perl') return isPrintOnly(language, code) || perlSubstitutions(code);
  const literals = [...code.matchAll(/"([^"\\]*)"|'([^'\\]*)'/g)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
  // File names given as literals stay inside the workspace.
  if (literals.some((text) => /^(\/|~)|\.\.\//.test(text) || text === '..')) return false;
  switch (language) {
    case 'Python': {
      const reduced = withoutReadOnlyOs(code);
      if (/\bos\b/.test(reduced)) return false;
      const imports = [
        ...reduced.matchAll(/\b(?:import|from)\s+([\w.]+(?:\s*,\s*[\w.]+)*)/g),
      ].flatMap((match) => match[1]!.split(/\s*,\s*/));
      if (
        !imports.every((name) =>
          /^(json|sys|re|math|datetime|time|collections|itertools|functools|textwrap|string|csv|statistics|decimal|fractions|pprint|tomllib|uuid|hashlib|random|operator|enum|dataclasses|typing)$/.test(
            name,
          ),
        )
      )
        return false;
      if (
        /\b(exec|eval|compile|__import__|getattr|setattr|delattr|globals|locals|vars|open\s*\([^)]*,|breakpoint|input|exit|quit|__\w+__|sys\.(modules|path|settrace|setprofile)|chr|ord|bytes|bytearray|memoryview|codecs|lambda)\b/.test(
          reduced,
        )
      )
        return false;
      return true;
    }
    case 'JavaScript': {
      const required = [...code.matchAll(/\brequire\s*\(\s*(?:"([^"]*)"|'([^']*)')\s*\)/g)].map(
        (match) => match[1] ?? match[2] ?? '',
      );
      if (/\brequire\s*\((?!\s*["'])/.test(code)) return false;
      if (
        !required.every(
          (name) =>
            /^\.\.?\/[\w./-]*\.json$|^\.\/[\w./-]+\.json$/.test(name) && !name.includes('../'),
        )
      )
        return false;
      if (
        /\b(eval|Function|import|process|Deno|Bun|globalThis|global|constructor|prototype|__proto__|Buffer|atob|btoa|fromCharCode|fetch|WebAssembly|Reflect|Proxy|setTimeout|setInterval|child_process|fs|net|http|https|dgram|vm|worker_threads|module|exports|self|window|this|top|parent|frames)\b/.test(
          code.replace(
            /\bprocess\.(argv|version|versions|platform|arch)\b|\b(Deno|Bun)\.(version|revision)\b/g,
            '',
          ),
        )
      )
        return false;
      return !/[[`]/.test(code.replace(/\[\s*(?:"[\w-]*"|'[\w-]*'|\d+)\s*\]/g, ''));
    }
    case 'Ruby':
    case 'PHP':
      return isPrintOnly(language, code);
    default:
      return false;
  }
}

/** A substitution or transliteration without the `e` flag (`s/a/b/g`, `tr/a-z/A-Z/`). */
function perlSubstitutions(code: string): boolean {
  return code
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean)
    .every((statement) =>
      /^(s|tr|y)([/|#,!])(?:(?!\2)[^\\]|\\.)*\2(?:(?!\2)[^\\]|\\.)*\2[gimsxcdr]*$/.test(statement),
    );
}
