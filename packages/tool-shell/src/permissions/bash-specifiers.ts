import { basename } from 'node:path';
import type { PermissionRuleKind, ToolPermissionSpecifiers } from '@tinyelf/core';
import type { Classification } from '../classifier/finding';
import { DYNAMIC } from '../classifier/shell-word';

/** One Bash rule's specifier, read: the words it compares, and whether more may follow. */
export interface BashPattern {
  /** The command's words, quotes removed (`npm run test`). */
  readonly words: readonly string[];
  /** True for `prefix:*`: the command's first words are these, more may follow. */
  readonly prefix: boolean;
}

/** Programs that run nothing: an allow list need not cover them (`cd sub && npm test`). */
const runsNothing = new Set(['cd', 'pushd', 'popd']);

/**
 * Reads a Bash specifier: `git status` (exactly that command) or `npm run test:*` (a command
 * whose first words are `npm run test`). Words are split as the shell would, with quotes; a
 * specifier holds one command, so shell operators and substitutions are refused. Returns a
 * sentence saying what is wrong instead when it is not valid.
 */
export function parseBashPattern(specifier: string): BashPattern | string {
  const text = specifier.trim();
  const prefix = text.endsWith(':*');
  const body = prefix ? text.slice(0, -2).trimEnd() : text;
  if (body === '') return 'it names no command';
  if (/[;&|<>`\n]/.test(body))
    return `"${specifier}" holds shell operators; a specifier is one command`;
  if (body.includes('$'))
    return `"${specifier}" has a "$"; a specifier's words are literal (variables and substitutions are not expanded)`;
  if (body.includes('*'))
    return `"${specifier}" has a "*" that is not the ":*" at its end; only a prefix ending in ":*" is a wildcard`;
  const words: string[] = [];
  let current = '';
  let quote: string | undefined;
  let started = false;
  for (const character of body) {
    if (quote) {
      if (character === quote) quote = undefined;
      else current += character;
    } else if (character === '"' || character === "'") {
      quote = character;
      started = true;
    } else if (/\s/.test(character)) {
      if (started || current) words.push(current);
      current = '';
      started = false;
    } else {
      current += character;
    }
  }
  if (quote) return `"${specifier}" has an unclosed ${quote}`;
  if (started || current) words.push(current);
  return { words, prefix };
}

/** Whether a word as the shell evaluated it may be `expected` (an unknown part may be anything). */
function wordMayBe(word: string, expected: string): boolean {
  if (!word.includes(DYNAMIC)) return word === expected;
  const pattern = word
    .split(DYNAMIC)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(expected);
}

/**
 * Whether one command matches a pattern. For an allow rule it must match for certain: every
 * compared word known and equal, the program word as written. For deny and ask it matches when it
 * may: an unknown word may be anything, and a program is also compared by its file name
 * (`/bin/rm` is `rm`).
 */
export function commandMatches(
  words: readonly string[],
  pattern: BashPattern,
  kind: PermissionRuleKind,
): boolean {
  if (pattern.prefix ? words.length < pattern.words.length : words.length !== pattern.words.length)
    return false;
  return pattern.words.every((expected, index) => {
    const word = words[index]!;
    if (kind === 'allow') return word === expected;
    if (wordMayBe(word, expected)) return true;
    return index === 0 && word.includes('/') && wordMayBe(basename(word), expected);
  });
}

/**
 * The specifiers of a list that decide a classified command line: for an allow list, those that
 * together cover every command the line runs (empty unless all are covered); for deny and ask,
 * those that match any of its commands, and all of them when the line could not be parsed whole.
 */
export function matchBashSpecifiers(
  classification: Classification,
  specifiers: readonly string[],
  kind: PermissionRuleKind,
): string[] {
  const patterns = specifiers.flatMap((specifier) => {
    const pattern = parseBashPattern(specifier);
    return typeof pattern === 'string' ? [] : [{ specifier, pattern }];
  });
  if (kind !== 'allow') {
    if (!classification.complete) return [...specifiers];
    return patterns
      .filter(({ pattern }) =>
        classification.commands.some((words) => commandMatches(words, pattern, kind)),
      )
      .map(({ specifier }) => specifier);
  }
  if (!classification.complete || classification.commands.length === 0) return [];
  const used = new Set<string>();
  for (const words of classification.commands) {
    if (runsNothing.has(words[0] ?? '') && !words.some((word) => word.includes(DYNAMIC))) continue;
    const covering = patterns.find(({ pattern }) => commandMatches(words, pattern, kind));
    if (!covering) return [];
    used.add(covering.specifier);
  }
  return [...used];
}

/** Package runners whose next two words name what runs (`npm run test`). */
const scriptRunners = new Set(['npm', 'pnpm', 'yarn', 'bun']);

/**
 * The narrowest prefix rules that would allow a classified line ("always allow"): for each command
 * its program and subcommand (`git status:*`, `npm run test:*`, `ls:*`), stopping at an option,
 * a path, an assignment or an unknown word. Empty when a command's program is unknown.
 */
export function suggestBashSpecifiers(classification: Classification): string[] {
  if (!classification.complete) return [];
  const suggestions = new Set<string>();
  for (const words of classification.commands) {
    if (runsNothing.has(words[0] ?? '')) continue;
    const limit = scriptRunners.has(words[0] ?? '') && words[1] === 'run' ? 3 : 2;
    const kept: string[] = [];
    for (const word of words.slice(0, limit)) {
      const plain = word !== '' && !word.includes(DYNAMIC) && !/[\s'"\\*$]/.test(word);
      if (kept.length === 0) {
        if (!plain) return [];
      } else if (!plain || /^-|[/=]/.test(word)) break;
      kept.push(word);
    }
    if (kept.length === 0) return [];
    suggestions.add(`${kept.join(' ')}:*`);
  }
  return [...suggestions];
}

/** What Bash specifiers accept, for error messages. */
export const BASH_SPECIFIER_SYNTAX =
  'an exact command (`git status`) or a command prefix ending in ":*" (`npm run test:*`), matched against every command the line runs';

/** Bash's permission specifiers over the classifier's parse of each command line. */
export function bashPermissionSpecifiers(
  classify: (command: string) => Promise<Classification>,
): ToolPermissionSpecifiers {
  const commandOf = (params: Readonly<Record<string, unknown>>) =>
    typeof params.command === 'string' ? params.command : '';
  return {
    syntax: BASH_SPECIFIER_SYNTAX,
    problem(specifier) {
      const pattern = parseBashPattern(specifier);
      return typeof pattern === 'string' ? pattern : undefined;
    },
    async match(params, specifiers, kind) {
      return matchBashSpecifiers(await classify(commandOf(params)), specifiers, kind);
    },
    async suggest(params) {
      return suggestBashSpecifiers(await classify(commandOf(params)));
    },
  };
}
