import type { ShellScope } from './shell-scope';

// Characters that came from quotes (or from expansions, for braces) are protected so that field
// splitting and brace expansion leave them alone, as bash does.
const protectedForms: Record<string, string> = {
  ' ': '\u{E011}',
  '\t': '\u{E012}',
  '\n': '\u{E013}',
  '{': '\u{E014}',
  '}': '\u{E015}',
  ',': '\u{E016}',
  '~': '\u{E019}',
};
/** Where an unquoted expansion splits into fields. */
export const fieldBreak = '\u{E017}';
/** A quoted empty string (`""`), which is a word of its own. */
export const quotedEmpty = '\u{E018}';
const unprotectedForms = Object.fromEntries(
  Object.entries(protectedForms).map(([plain, form]) => [form, plain]),
);

/** Text from quotes: no field splitting, brace expansion or tilde expansion applies to it. */
export function protectAll(text: string): string {
  return text.replace(/[ \t\n{},~]/g, (character) => protectedForms[character]!);
}

/** An unquoted expansion's value: split on the characters of `$IFS`, never brace-expanded. */
export function splitting(text: string, scope: ShellScope): string {
  const separators = scope.get('IFS')?.[0] ?? ' \t\n';
  let value = '';
  for (const character of text) {
    if (separators.includes(character)) value += fieldBreak;
    else if (character in protectedForms) value += protectedForms[character]!;
    else value += character;
  }
  return value;
}

/** The plain text of an evaluated word. */
export function unprotect(text: string): string {
  return text.replace(/[\u{E011}-\u{E019}]/gu, (character) =>
    character === fieldBreak ? ' ' : character === quotedEmpty ? '' : unprotectedForms[character]!,
  );
}
