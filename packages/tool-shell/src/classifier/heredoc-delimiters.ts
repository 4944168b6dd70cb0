const hereDocument = /(?<!<)<<(-?)([ \t]*)((?:[^\s;&|<>()'"\\]|\\.|'[^'\n]*'|"[^"\n]*")+)/g;

/**
 * Rewrites here-document delimiters that are quoted in pieces (`<<E"O"F`, `<<\EOF`, `<<'E'OF`)
 * to the `<<'EOF'` form tree-sitter-bash understands. Bash removes the quotes to find the
 * delimiter line and, since part of the word was quoted, does not expand the body.
 */
export function normalizeHereDocuments(script: string): string {
  if (!script.includes('<<')) return script;
  return descriptorHereStrings(script).replace(
    hereDocument,
    (match, dash: string, space: string, word: string) => {
      if (!/['"\\]/.test(word) || /^'[^']*'$/.test(word)) return match;
      const delimiter = word.replace(
        /'([^']*)'|"([^"]*)"|\\(.)/g,
        (_all, single?: string, double?: string, escaped?: string) =>
          single ?? double ?? escaped ?? '',
      );
      if (delimiter.includes("'")) return match;
      return `<<${dash}${space}'${delimiter}'`;
    },
  );
}

/**
 * Takes the `coproc` keyword off a compound command (`coproc { ...; }`, `coproc NAME ( ... )`),
 * which tree-sitter-bash does not know: the body runs all the same.
 */
export function normalizeCoprocesses(script: string): string {
  if (!script.includes('coproc')) return script;
  // Wherever a command can start: after an operator, `(`, `{`, `!`, or a reserved word that
  // begins a command list (so `coproc { coproc { ...; }; }` loses both keywords).
  const keyword =
    /(^|[;&|\n(]\s*|[{!]\s+|\b(?:then|do|else|elif|time)\s+)coproc\s+(?:[A-Za-z_]\w*\s+)?(?=[{(])/g;
  let normalized = script;
  for (let previous = ''; previous !== normalized; ) {
    previous = normalized;
    normalized = normalized.replace(keyword, '$1');
  }
  return normalized;
}

/**
 * Writes `$((cmd args) ...)`, a command substitution of a subshell that tree-sitter-bash reads as
 * arithmetic, as `$( (cmd args) ...)`, which it reads as bash runs it.
 */
export function normalizeSubshellSubstitutions(script: string): string {
  if (!script.includes('$((')) return script;
  return script.replace(/\$\(\((?=\s*(?:\$'|["']?[A-Za-z_][\w.-]*["']?\s+["'$/~-]))/g, '$( (');
}

const descriptorHereString =
  /(^|[\s;&|(])(\d+)<<<[ \t]*((?:'[^']*'|"(?:\\.|[^"\\])*"|\$'(?:\\.|[^'\\])*'|\\.|[^\s;&|()<>'"\\])+)/g;

/**
 * A here-string on another descriptor (`3<<<'code'`), which tree-sitter-bash cannot parse, as the
 * equivalent input from a process substitution (`3< <(printf '%s\n' 'code')`): the program reads
 * the word, and a newline, on that descriptor (`bash /dev/fd/3`).
 */
export function descriptorHereStrings(script: string): string {
  if (!script.includes('<<<')) return script;
  return script.replace(
    descriptorHereString,
    (match, before: string, descriptor: string, word: string, offset: number) =>
      quotedAt(script, offset) ? match : `${before}${descriptor}< <(printf '%s\\n' ${word})`,
  );
}

/** Whether a position of the script is inside single or double quotes (or escaped). */
function quotedAt(script: string, position: number): boolean {
  let quote: string | undefined;
  for (let index = 0; index < position; index++) {
    const character = script[index]!;
    if (quote === "'") {
      if (character === "'") quote = undefined;
    } else if (character === '\\') index++;
    else if (quote === '"') {
      if (character === '"') quote = undefined;
    } else if (character === "'" || character === '"') quote = character;
  }
  return quote !== undefined;
}

/**
 * A here-document whose delimiter line never comes ends, for bash, at the end of the input (with
 * a warning): the missing delimiter line is added so that the body is read as the body. (Used
 * only when the script does not parse: a `<<` inside quotes is no here-document.)
 */
export function closeHereDocuments(script: string): string {
  let closed = script;
  for (const match of script.matchAll(hereDocument)) {
    const delimiter = match[3]!.replace(/'([^']*)'|"([^"]*)"|\\(.)/g, '$1$2$3');
    if (delimiter === '' || /[$`]/.test(delimiter)) continue;
    const lineEnd = script.indexOf('\n', match.index);
    if (lineEnd === -1) continue;
    const lines = script.slice(lineEnd + 1).split('\n');
    const strip = match[1] === '-';
    if (!lines.some((line) => (strip ? line.replace(/^\t+/, '') : line) === delimiter))
      closed += `${closed.endsWith('\n') ? '' : '\n'}${delimiter}\n`;
  }
  return closed;
}

/**
 * Backquoted substitutions written as `$(...)`, which bash treats the same way (inside
 * backquotes, `\``, `\\` and `\$` stand for the character): tree-sitter-bash reads "` `" between
 * two substitutions as one token and merges them (`` `echo ssh` `echo host` `` becomes one).
 */
export function backquotesAsDollarParens(script: string): string {
  if (!script.includes('`')) return script;
  let out = '';
  let quote: string | undefined;
  for (let index = 0; index < script.length; index++) {
    const character = script[index]!;
    if (quote === "'") {
      out += character;
      if (character === "'") quote = undefined;
    } else if (character === '\\') {
      out += character + (script[index + 1] ?? '');
      index++;
    } else if (character === "'" && quote !== '"') {
      quote = "'";
      out += character;
    } else if (character === '"') {
      quote = quote === '"' ? undefined : '"';
      out += character;
    } else if (character === '`') {
      let end = index + 1;
      let inner = '';
      while (end < script.length && script[end] !== '`') {
        if (script[end] === '\\' && /[`\\$]/.test(script[end + 1] ?? '')) {
          inner += script[end + 1];
          end += 2;
        } else inner += script[end++];
      }
      // Unterminated, or holding what `$(...)` would read otherwise: left as written.
      if (end >= script.length || /[()]/.test(inner)) return script;
      out += `$(${inner})`;
      index = end;
    } else out += character;
  }
  return out;
}

/**
 * Writes an unquoted here-document whose body holds no expansion (every `$` and backquote
 * escaped) as the quoted one it is equivalent to: bash removes the backslash before `$`, `` ` ``,
 * `\` and a line break and expands nothing else, so `cat <<EOF` / `\$(rm -rf ~)` / `EOF` prints
 * `$(rm -rf ~)`. (tree-sitter-bash misreads such escapes as the start of a substitution.)
 */
export function literalHereDocuments(script: string): string {
  if (!script.includes('<<') || !script.includes('\\')) return script;
  const lines = script.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const operators = [...lines[index]!.matchAll(/<<(-?)[ \t]*([A-Za-z_][\w.-]*)(?![\w'"\\])/g)];
    if (operators.length !== 1 || lines[index]!.includes('<<<')) continue;
    const [operator] = operators;
    const strip = operator![1] === '-';
    const delimiter = operator![2]!;
    const end = lines.findIndex(
      (line, at) => at > index && (strip ? line.replace(/^\t+/, '') : line) === delimiter,
    );
    if (end === -1) continue;
    const body = lines.slice(index + 1, end).join('\n');
    if (!/\\[$`]/.test(body) || /(^|[^\\])(\\\\)*[$`]/.test(body)) continue;
    const literal = body.replace(/\\\n/g, '').replace(/\\([$`\\])/g, '$1');
    lines.splice(index + 1, end - index - 1, ...literal.split('\n'));
    lines[index] = lines[index]!.replace(operator![0], `<<${operator![1]}'${delimiter}'`);
  }
  return lines.join('\n');
}
