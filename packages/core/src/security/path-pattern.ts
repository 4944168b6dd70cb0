/**
 * The segments of a path as file systems compare them: split on `/` and `\`, `.` dropped, `..`
 * taking off the segment before it, case-folded, trailing dots and spaces trimmed and `:`
 * suffixes (NTFS streams such as `config::$DATA`) cut, since some file systems treat `.GIT`,
 * `.git.` and `.git::$DATA` as `.git`.
 */
export function pathSegments(path: string): string[] {
  const segments: string[] = [];
  for (const raw of path.split(/[\\/]+/)) {
    if (raw === '' || raw === '.') continue;
    if (raw === '..') {
      segments.pop();
      continue;
    }
    const folded = raw
      .toLowerCase()
      .replace(/:.*$/, '')
      .replace(/[. ]+$/, '');
    if (folded !== '') segments.push(folded);
  }
  return segments;
}

/**
 * A path pattern of the sensitive-resource model, compiled. Written as segments separated by
 * `/`: `*` inside a segment matches any characters of that segment, a final `**` matches the
 * folder and everything under it. A pattern starting with `/` matches absolute paths from the
 * root; any other pattern matches at any depth (`.git/hooks/**` matches `sub/.git/hooks/x` and
 * `/home/me/repo/.git/hooks/x`), so it holds for the workspace, the home folder and nested
 * repositories alike.
 */
export interface PathPattern {
  /** The pattern as written. */
  readonly source: string;
  /** Matches from the file-system root only. */
  readonly anchored: boolean;
  /** The fixed segments, each as a regular expression. */
  readonly segments: readonly RegExp[];
  /** Ends in `**`: the folder and everything under it. */
  readonly subtree: boolean;
  /** How many leading segments are literal (no `*`): only these make a path an ancestor. */
  readonly literalPrefix: number;
}

/** Compiles a {@link PathPattern}. */
export function compilePathPattern(source: string): PathPattern {
  const anchored = source.startsWith('/');
  const parts = source.split('/').filter(Boolean);
  const subtree = parts.at(-1) === '**';
  if (subtree) parts.pop();
  const segments = parts.map(
    (part) =>
      new RegExp(
        `^${part
          .toLowerCase()
          .split('*')
          .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*')}$`,
      ),
  );
  const glob = parts.findIndex((part) => part.includes('*'));
  const literalPrefix = glob === -1 ? parts.length : glob;
  return { source, anchored, segments, subtree, literalPrefix };
}

/** How a path relates to a pattern: it names a matching file, or a folder that holds one. */
export type PatternMatch = 'match' | 'ancestor';

/**
 * Matches path segments (from {@link pathSegments}) against a pattern. `absolute` says whether
 * the segments start at the file-system root (anchored patterns need it). With `ancestors`, a
 * path whose last segments begin the pattern with literal segments (`.git`, `.github` for
 * `.github/workflows/**`, `.ssh` for `.ssh/id_*`) is an `ancestor`: a folder whose replacement or recursive copy can create a matching file.
 */
export function matchPathPattern(
  segments: readonly string[],
  pattern: PathPattern,
  absolute: boolean,
  ancestors = false,
): PatternMatch | undefined {
  if (pattern.anchored && !absolute) return undefined;
  const last = pattern.anchored ? 0 : segments.length - 1;
  let ancestor = false;
  for (let start = 0; start <= last; start++) {
    let matched = 0;
    while (
      matched < pattern.segments.length &&
      start + matched < segments.length &&
      pattern.segments[matched]!.test(segments[start + matched]!)
    )
      matched++;
    if (matched === pattern.segments.length) {
      if (pattern.subtree || start + matched === segments.length) return 'match';
    } else if (
      matched > 0 &&
      matched <= pattern.literalPrefix &&
      start + matched === segments.length
    )
      ancestor = true;
  }
  return ancestors && ancestor ? 'ancestor' : undefined;
}
