/**
 * Strings that interpreter code assembles at run time from literals, so that a command hidden
 * this way is still seen: ROT13 (`codecs.decode('...', 'rot13')`, `str_rot13('...')`), lists of
 * character codes (`String.fromCharCode(114, 109)`, Ruby's `[114, 109].pack("c*")`, Perl's
 * `pack("C*", 114, 109)`, `chr(114).chr(109)`, Python's `bytes([114, 109]).decode()` and
 * `''.join(map(chr, [114, 109]))`) and reversed literals (Perl's `scalar reverse "..."`, PHP's
 * `strrev("...")`, Python's `"..."[::-1]`, Ruby's `"...".reverse`, JavaScript's
 * `"...".split("").reverse().join("")`).
 */

const quoted = `("(?:\\\\.|[^"\\\\])*"|'(?:\\\\.|[^'\\\\])*')`;
const codes = `(\\d{1,7}(?:\\s*,\\s*\\d{1,7})*)\\s*,?`;

const fromCodes = (list: string): string =>
  list
    .split(',')
    .map((code) => Number.parseInt(code.trim(), 10))
    .filter((code) => code >= 0 && code <= 0x10ffff)
    .map((code) => String.fromCodePoint(code))
    .join('');
const rot13 = (text: string): string =>
  text.replace(/[A-Za-z]/g, (letter) => {
    const base = letter <= 'Z' ? 65 : 97;
    return String.fromCharCode(((letter.charCodeAt(0) - base + 13) % 26) + base);
  });
const reversed = (text: string): string => [...text].reverse().join('');
const unquote = (literal: string): string => literal.slice(1, -1).replace(/\\(.)/g, '$1');

const assemblers: [RegExp, (match: RegExpExecArray) => string][] = [
  [
    new RegExp(`^(?:codecs\\.)?(?:decode|encode)\\(\\s*${quoted}\\s*,\\s*["']rot_?13["']\\s*\\)`),
    (match) => rot13(unquote(match[1]!)),
  ],
  [new RegExp(`^str_rot13\\(\\s*${quoted}\\s*\\)`), (match) => rot13(unquote(match[1]!))],
  [
    new RegExp(`^(?:String\\.fromCharCode|String\\.fromCodePoint)\\(\\s*${codes}\\s*\\)`),
    (match) => fromCodes(match[1]!),
  ],
  [
    new RegExp(`^\\[\\s*${codes}\\s*\\]\\s*\\.pack\\(\\s*["'][cCU]\\*["']\\s*\\)`),
    (match) => fromCodes(match[1]!),
  ],
  [
    new RegExp(`^pack\\s*\\(?\\s*["'][cCUW]\\*["']\\s*,\\s*${codes}\\s*\\)?`),
    (match) => fromCodes(match[1]!),
  ],
  [
    /^chr\s*\(?\s*\d{1,7}\s*\)?(?:\s*[.+]\s*chr\s*\(?\s*\d{1,7}\s*\)?)*/,
    (match) => fromCodes(match[0].replace(/[^\d,]+/g, ',').replace(/^,|,$/g, '')),
  ],
  [
    new RegExp(`^bytes\\(\\s*\\[\\s*${codes}\\s*\\]\\s*\\)(?:\\.decode\\(\\s*\\))?`),
    (match) => fromCodes(match[1]!),
  ],
  [
    new RegExp(
      `^["']{2}\\.join\\(\\s*map\\(\\s*chr\\s*,\\s*[[(]\\s*${codes}\\s*[\\])]\\s*\\)\\s*\\)`,
    ),
    (match) => fromCodes(match[1]!),
  ],
  [
    new RegExp(
      `^["']{2}\\.join\\(\\s*chr\\(\\s*(\\w+)\\s*\\)\\s*for\\s+\\1\\s+in\\s+[[(]\\s*${codes}\\s*[\\])]\\s*\\)`,
    ),
    (match) => fromCodes(match[2]!),
  ],
  [
    new RegExp(`^(?:scalar\\s+)?reverse\\s*\\(?\\s*${quoted}\\s*\\)?`),
    (match) => reversed(unquote(match[1]!)),
  ],
  [new RegExp(`^strrev\\(\\s*${quoted}\\s*\\)`), (match) => reversed(unquote(match[1]!))],
  [new RegExp(`^${quoted}\\s*\\[\\s*::\\s*-1\\s*\\]`), (match) => reversed(unquote(match[1]!))],
  [new RegExp(`^${quoted}\\s*\\.reverse\\b(?!\\s*\\()`), (match) => reversed(unquote(match[1]!))],
  [
    new RegExp(
      `^${quoted}\\s*\\.split\\(\\s*(?:""|'')\\s*\\)\\s*\\.reverse\\(\\s*\\)\\s*\\.join\\(\\s*(?:""|'')\\s*\\)`,
    ),
    (match) => reversed(unquote(match[1]!)),
  ],
  [
    new RegExp(
      `^\\[\\s*\\.\\.\\.\\s*${quoted}\\s*\\]\\s*\\.reverse\\(\\s*\\)\\s*\\.join\\(\\s*(?:""|'')\\s*\\)`,
    ),
    (match) => reversed(unquote(match[1]!)),
  ],
];

/** A string assembled from literals at the start of the text, with the length it takes. */
export function assembledLiteral(text: string): [string, number] | undefined {
  for (const [pattern, assemble] of assemblers) {
    const match = pattern.exec(text);
    if (match) return [assemble(match), match[0].length];
  }
  return undefined;
}
