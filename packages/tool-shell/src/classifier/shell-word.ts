/** Marks the part of a word whose value is only known when the command runs. */
export const DYNAMIC = '\u{E000}';

/** A word as bash would pass it to a program, with unknown parts marked {@link DYNAMIC}. */
export interface ShellWord {
  /** The value, quotes removed and escapes decoded; unknown parts are {@link DYNAMIC}. */
  readonly value: string;
  /** The source text. */
  readonly raw: string;
  /** Whether some part was quoted (quoted words are not globbed or tilde-expanded). */
  readonly quoted: boolean;
}

/** Whether every part of the word is known before it runs. */
export function isStatic(word: ShellWord | string): boolean {
  return !(typeof word === 'string' ? word : word.value).includes(DYNAMIC);
}
