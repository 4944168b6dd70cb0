/**
 * Here-documents read by bash's own rules, rewritten into forms tree-sitter-bash reads the same
 * way. Bash queues every `<<WORD` of a line and, after that line's newline, reads their bodies in
 * order; a body ends only at a line that is exactly the delimiter (after quote removal, with no
 * expansion: `<<$(cmd)` ends at the line `$(cmd)`); only `<<-` strips leading tabs, so `EOF ` and
 * a tab-indented `EOF` after `<<` are body lines. Each delimiter is renamed to a fresh word (so no
 * near-miss line can end the body early), and the here-documents of a line that holds several
 * become here-strings of their bodies. A script whose here-documents do not end is left as it is.
 */
export function rewriteHereDocuments(script: string): string {
  if (!/<<(?!<)/.test(script)) return script;
  const found = scanHereDocuments(script);
  if (!found || found.length === 0) return script;
  const perLine = new Map<number, number>();
  for (const document of found) perLine.set(document.line, (perLine.get(document.line) ?? 0) + 1);
  let out = '';
  let at = 0;
  const edits: { from: number; to: number; text: string }[] = [];
  found.forEach((document, index) => {
    const fresh = `TE_HEREDOC_${index}`;
    if ((perLine.get(document.line) ?? 0) > 1) {
      const lines = document.body.map((line) => (document.strip ? line.replace(/^\t+/, '') : line));
      const text = lines.join('\n');
      const word = document.quoted
        ? `$'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
        : `"${text.replace(/"/g, '\\"')}"`;
      edits.push({ from: document.operatorFrom, to: document.operatorTo, text: `<<< ${word}` });
      edits.push({ from: document.bodyFrom, to: document.bodyTo, text: '' });
    } else {
      const word = document.quoted ? `'${fresh}'` : fresh;
      edits.push({
        from: document.operatorFrom,
        to: document.operatorTo,
        text: `<<${document.strip ? '-' : ''}${word}`,
      });
      edits.push({ from: document.endFrom, to: document.bodyTo, text: `${fresh}\n` });
    }
  });
  edits.sort((left, right) => left.from - right.from);
  for (const edit of edits) {
    if (edit.from < at) return script;
    out += script.slice(at, edit.from) + edit.text;
    at = edit.to;
  }
  return out + script.slice(at);
}

interface HereDocument {
  /** The index of the line of the operator. */
  line: number;
  strip: boolean;
  quoted: boolean;
  operatorFrom: number;
  operatorTo: number;
  body: string[];
  /** From the first body line to just after the delimiter line's newline. */
  bodyFrom: number;
  /** Where the delimiter line starts. */
  endFrom: number;
  bodyTo: number;
}

/** The here-documents of a script; undefined when one of them does not end. */
function scanHereDocuments(script: string): HereDocument[] | undefined {
  const found: HereDocument[] = [];
  let pending: Omit<HereDocument, 'body' | 'bodyFrom' | 'endFrom' | 'bodyTo'>[] = [];
  let delimiters: string[] = [];
  let line = 0;
  let quote: string | undefined;
  let wordStart = true;
  for (let index = 0; index < script.length; index++) {
    const character = script[index]!;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      continue;
    }
    if (character === '\\') {
      index++;
      wordStart = false;
      continue;
    }
    if (quote === '"') {
      if (character === '"') quote = undefined;
      continue;
    }
    if (character === "'" || character === '"') {
      // `$'...'` may escape its quote.
      if (character === "'" && script[index - 1] === '$') {
        const end = /^(?:\\.|[^'\\])*'/.exec(script.slice(index + 1));
        if (!end) return undefined;
        index += end[0].length;
      } else quote = character;
      wordStart = false;
      continue;
    }
    if (character === '#' && wordStart) {
      while (index + 1 < script.length && script[index + 1] !== '\n') index++;
      continue;
    }
    if (character === '(' && script[index + 1] === '(') {
      // Arithmetic (`((x << 2))`, `$((1 << 3))`): a shift, not a here-document.
      let depth = 0;
      let end = index;
      for (; end < script.length; end++) {
        if (script[end] === '(') depth++;
        else if (script[end] === ')' && --depth === 0) break;
      }
      index = end;
      wordStart = false;
      continue;
    }
    if (character === '<' && script.startsWith('<<<', index)) {
      index += 2;
      wordStart = true;
      continue;
    }
    if (character === '<' && script[index + 1] === '<') {
      const operator =
        /^<<(-?)[ \t]*((?:\$\((?:[^()]|\([^()]*\))*\)|'[^']*'|"(?:\\.|[^"\\])*"|\\.|[^\s;&|<>()'"\\])+)/.exec(
          script.slice(index),
        );
      if (!operator) return undefined;
      const word = operator[2]!;
      delimiters.push(
        word.replace(
          /'([^']*)'|"((?:\\.|[^"\\])*)"|\\(.)/g,
          (_all, single, double, escaped) =>
            single ?? (double !== undefined ? double.replace(/\\([$`"\\])/g, '$1') : escaped),
        ),
      );
      pending.push({
        line,
        strip: operator[1] === '-',
        quoted: /['"\\]/.test(word),
        operatorFrom: index,
        operatorTo: index + operator[0].length,
      });
      index += operator[0].length - 1;
      wordStart = false;
      continue;
    }
    if (character === '\n') {
      line++;
      wordStart = true;
      let from = index + 1;
      for (const [at, document] of pending.entries()) {
        const body: string[] = [];
        const bodyFrom = from;
        for (;;) {
          if (from > script.length) return undefined;
          const next = script.indexOf('\n', from);
          const text = script.slice(from, next === -1 ? script.length : next);
          const to = next === -1 ? script.length : next + 1;
          line++;
          if ((document.strip ? text.replace(/^\t+/, '') : text) === delimiters[at]) {
            found.push({ ...document, body, bodyFrom, endFrom: from, bodyTo: to });
            from = to;
            break;
          }
          if (next === -1) return undefined;
          body.push(text);
          from = to;
        }
      }
      if (pending.length) {
        // The scan goes on after the last body; the newline that ended it is consumed.
        index = from - 1;
      }
      pending = [];
      delimiters = [];
      continue;
    }
    wordStart = /[\s;&|()]/.test(character);
  }
  return pending.length ? undefined : found;
}
