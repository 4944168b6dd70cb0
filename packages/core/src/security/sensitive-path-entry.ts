import {
  compilePathPattern,
  matchPathPattern,
  type PathPattern,
  pathSegments,
} from './path-pattern';

/**
 * What a sensitive file does: it runs code (hooks, start-up files, CI definitions), grants
 * permissions (agent and ssh configuration), instructs coding agents (`AGENTS.md`), or holds
 * secrets.
 */
export type SensitivePathKind =
  | 'runs-code'
  | 'grants-permissions'
  | 'instructs-agents'
  | 'holds-secrets';

/** One family of sensitive files: the patterns, a stable rule id and why they matter. */
export interface SensitivePathEntry {
  /** A stable identifier, used as the warning's rule (`git-hooks`, `ci-workflow`, ...). */
  readonly rule: string;
  /** What the files do. */
  readonly kind: SensitivePathKind;
  /** The patterns, as {@link compilePathPattern} reads them (`.git/hooks/**`, `/etc/sudoers`). */
  readonly patterns: readonly string[];
  /** Patterns of files that look alike but are not sensitive (`*.pub` next to ssh keys). */
  readonly except?: readonly string[];
  /** Why, as a noun phrase with its clause: `a git hook, which git runs as a program`. */
  readonly reason: string;
}

/** A sensitive file a path names, as {@link matchSensitivePath} found it. */
export interface SensitivePathMatch {
  /** The entry that matched. */
  readonly entry: SensitivePathEntry;
  /** The pattern that matched. */
  readonly pattern: string;
  /** `match`: the path is such a file; `ancestor`: it is a folder that holds or will hold one. */
  readonly match: 'match' | 'ancestor';
}

interface CompiledEntry {
  readonly entry: SensitivePathEntry;
  readonly patterns: readonly PathPattern[];
  readonly except: readonly PathPattern[];
}

const compiled = new WeakMap<readonly SensitivePathEntry[], readonly CompiledEntry[]>();

function compile(entries: readonly SensitivePathEntry[]): readonly CompiledEntry[] {
  let list = compiled.get(entries);
  if (!list) {
    list = entries.map((entry) => ({
      entry,
      patterns: entry.patterns.map(compilePathPattern),
      except: (entry.except ?? []).map(compilePathPattern),
    }));
    compiled.set(entries, list);
  }
  return list;
}

/**
 * The first entry of `entries` whose patterns match `path` (relative to the workspace, or
 * absolute), segment by segment as {@link pathSegments} normalises them. With `ancestors`, a
 * folder that holds matching files matches too (for moves, recursive copies and links of
 * whole folders).
 */
export function matchSensitivePath(
  path: string,
  entries: readonly SensitivePathEntry[],
  options: { readonly ancestors?: boolean } = {},
): SensitivePathMatch | undefined {
  const segments = pathSegments(path);
  const absolute = /^[\\/]/.test(path);
  let ancestor: SensitivePathMatch | undefined;
  for (const { entry, patterns, except } of compile(entries)) {
    if (except.some((pattern) => matchPathPattern(segments, pattern, absolute) === 'match'))
      continue;
    for (const pattern of patterns) {
      const match = matchPathPattern(segments, pattern, absolute, options.ancestors);
      if (match === 'match') return { entry, pattern: pattern.source, match };
      if (match === 'ancestor' && !ancestor) ancestor = { entry, pattern: pattern.source, match };
    }
  }
  return ancestor;
}
