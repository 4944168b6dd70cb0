import { posix } from 'node:path';
import { realLocation } from '../workspace/real-location';
import type { SpecifierContext } from './tool-permission-specifiers';

/** A path specifier compiled for one workspace and home folder. */
export interface CompiledPathSpecifier {
  /** Matches real locations exactly as written (allow rules). */
  readonly exact: RegExp;
  /** Matches case-insensitively (deny and ask rules: a different case must not dodge them). */
  readonly folded: RegExp;
  /** Every path the specifier matches starts with this text (empty when the pattern is not anchored). */
  readonly prefix: string;
  /**
   * `prefix` in lower case when it is plain ASCII, else undefined: a case-insensitive match
   * (`folded`) can then only hold for a path whose lower-case form starts with it.
   */
  readonly foldedPrefix: string | undefined;
  /** Whether starting with `prefix` is the whole test (`x/**`): no regular expression needed. */
  readonly prefixDecides: boolean;
}

/** The path syntax, for error messages. */
export const PATH_SPECIFIER_SYNTAX =
  'a gitignore-style path: `./x` or `/x` from the workspace root, `//x` absolute, `~/x` in the home folder, `*.pem` (no slash) at any depth; `*` and `?` within a name, `**` across folders';

/** What is wrong with a path specifier, or undefined when it is valid. */
export function pathSpecifierProblem(specifier: string): string | undefined {
  if (specifier.includes('\0')) return 'a path cannot contain a NUL byte';
  if (specifier.startsWith('!'))
    return 'negated patterns ("!x") are not supported; write a separate allow rule';
  if (/[[\]{}]/.test(specifier))
    return 'character classes ("[...]") and braces ("{a,b}") are not supported; use "*", "?" and "**"';
  if (/(^|\/)\*\*[^/]|[^/]\*\*(\/|$)/.test(specifier))
    return '"**" must be a whole path segment, as in "src/**/*.ts"';
  return undefined;
}

/**
 * Compiles a path specifier. `//x` is the absolute path `/x`; `~/x` is in the home folder; `/x`,
 * `./x` and any pattern with a slash before its end are relative to the workspace root; a pattern
 * without a slash (`.env`, `*.pem`, `secrets/`) matches a name at any depth, anywhere. A pattern
 * matches the path it names and everything below it (gitignore's folder rule). The literal
 * leading folders are resolved to their real location, as the paths of calls are.
 */
export function compilePathSpecifier(
  specifier: string,
  context: SpecifierContext,
): CompiledPathSpecifier {
  const text = specifier.replace(/\/+$/, '') || '/';
  let source: string;
  let prefix = '';
  let prefixDecides = false;
  if (
    !text.startsWith('/') &&
    !text.startsWith('~') &&
    !text.startsWith('.') &&
    !text.includes('/')
  ) {
    source = `/${segmentsPattern(text.split('/'))}`;
  } else {
    let absolute: string;
    if (text.startsWith('//')) absolute = text.slice(1);
    else if (text === '~' || text.startsWith('~/'))
      absolute = `${context.homeDir}/${text.slice(1)}`;
    else absolute = `${context.workspaceRoot}/${text}`;
    const segments = posix.normalize(absolute).split('/').filter(Boolean);
    const firstGlob = segments.findIndex((segment) => /[*?]/.test(segment));
    const literal = firstGlob === -1 ? segments : segments.slice(0, firstGlob);
    const rest = firstGlob === -1 ? [] : segments.slice(firstGlob);
    const real = literal.length ? realLocation(`/${literal.join('/')}`) : '';
    const base = real === '/' ? '' : real;
    source = `^${escapeRegExp(base)}${rest.length ? `/${segmentsPattern(rest)}` : ''}`;
    prefix = rest.length ? `${base}/` : base;
    // `x/**` is `^x/.*(?:/.*)?$`: anything below x, which is just the prefix test.
    prefixDecides = rest.length === 1 && rest[0] === '**';
  }
  source += '(?:/.*)?$';
  return {
    exact: new RegExp(source, 's'),
    folded: new RegExp(source, 'is'),
    prefix,
    // Case-insensitive regular expressions (without the `u` flag) equate an ASCII letter with its
    // other case only, so for an ASCII prefix the lower-case test rejects nothing they accept.
    foldedPrefix: isAscii(prefix) ? prefix.toLowerCase() : undefined,
    prefixDecides,
  };
}

/** Whether every character of `text` is ASCII (then only its letters have another case). */
export function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) > 0x7f) return false;
  }
  return true;
}

/**
 * Whether `text` starts with `prefix`, compared from the prefix's end: the prefixes of a rule list
 * share the workspace root and differ at their end, so a mismatch shows after a character or two
 * (`startsWith` compares the shared root again for every rule).
 */
export function startsWithFromEnd(text: string, prefix: string): boolean {
  let index = prefix.length;
  if (text.length < index) return false;
  while (index-- > 0) {
    if (text.charCodeAt(index) !== prefix.charCodeAt(index)) return false;
  }
  return true;
}

function segmentsPattern(segments: readonly string[]): string {
  let pattern = '';
  for (const [index, segment] of segments.entries()) {
    if (segment === '**') {
      pattern += index === segments.length - 1 ? '.*' : '(?:[^/]*/)*';
      continue;
    }
    pattern += segment
      .split(/([*?])/)
      .map((part) => (part === '*' ? '[^/]*' : part === '?' ? '[^/]' : escapeRegExp(part)))
      .join('');
    if (index < segments.length - 1) pattern += '/';
  }
  return pattern;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+^${}()|[\]\\*?]/g, '\\$&');
}
