import { isAbsolute, resolve, sep } from 'node:path';
import { realLocation } from '../workspace/real-location';
import {
  type CompiledPathSpecifier,
  compilePathSpecifier,
  isAscii,
  PATH_SPECIFIER_SYNTAX,
  pathSpecifierProblem,
  startsWithFromEnd,
} from './path-specifier';
import type {
  PermissionRuleKind,
  SpecifierContext,
  ToolPermissionSpecifiers,
} from './tool-permission-specifiers';

/** Tools that search a folder: a rule covering the whole folder (`x/**`) covers the search. */
const folderTools = new Set(['ListDir', 'Glob', 'Grep']);

/** Compiled specifiers by workspace and home folder, then by specifier. */
const compiled = new Map<string, Map<string, CompiledPathSpecifier>>();

/** The compiled specifiers for a context's workspace and home folder. */
function compiledIn(context: SpecifierContext): Map<string, CompiledPathSpecifier> {
  const key = `${context.workspaceRoot}\0${context.homeDir}`;
  let specifiers = compiled.get(key);
  if (!specifiers) {
    if (compiled.size > 100) compiled.clear();
    specifiers = new Map();
    compiled.set(key, specifiers);
  }
  return specifiers;
}

function compiledFor(
  specifier: string,
  context: SpecifierContext,
  specifiers = compiledIn(context),
): CompiledPathSpecifier {
  let entry = specifiers.get(specifier);
  if (!entry) {
    entry = compilePathSpecifier(specifier, context);
    if (specifiers.size > 1000) specifiers.clear();
    specifiers.set(specifier, entry);
  }
  return entry;
}

/** Where a call's `path` points: real (links followed), then as written (resolved). */
interface CallLocations {
  /** The real locations (`realCount` of them; none when the path cannot be resolved), then the lexical ones. */
  readonly all: readonly string[];
  /** How many of `all`, from the start, are real locations. */
  readonly realCount: number;
  /** `all` in lower case, for the prefix test of case-insensitive rules. */
  readonly lower: readonly string[];
  /** Whether every location is plain ASCII (then the lower-case prefix test is exact). */
  readonly ascii: boolean;
}

/**
 * Whether a relative path needs no normalising, so joining it to the root is all `resolve` would
 * do: no `.` at the start or after a `/` (so no `.` or `..` segment; a hidden name such as
 * `.env` just takes the longer way), no `//`, no trailing `/`. Only for `/` separators.
 */
function plainRelative(path: string): boolean {
  return (
    sep === '/' &&
    path.charCodeAt(0) !== 46 &&
    !path.includes('/.') &&
    !path.includes('//') &&
    !path.endsWith('/')
  );
}

/** Resolves a call's path: as written, and on disk with links followed. */
function resolveLocations(
  path: string,
  context: SpecifierContext,
  toolName: string,
): CallLocations | undefined {
  if (path.includes('\0')) return undefined;
  const root = context.workspaceRoot;
  const lexical = isAbsolute(path)
    ? resolve(path)
    : plainRelative(path)
      ? `${root === '/' ? '' : root}/${path}`
      : resolve(root, path);
  let real: string | undefined;
  try {
    real = realLocation(lexical);
  } catch {
    real = undefined;
  }
  // A folder tool's call also stands for what is inside the folder (the `/_` probe), so that a
  // rule covering the folder's contents (`x/**`) covers a search of the folder. The path as
  // written is left out when it is the real location (no link on the way): nothing to add.
  const folder = folderTools.has(toolName);
  const all: string[] = [];
  if (real !== undefined) all.push(real);
  if (real !== undefined && folder) all.push(`${real === '/' ? '' : real}/_`);
  const realCount = all.length;
  if (lexical !== real) {
    all.push(lexical);
    if (folder) all.push(`${lexical === '/' ? '' : lexical}/_`);
  }
  let ascii = true;
  const lower = all.map((location) => {
    if (ascii && !isAscii(location)) ascii = false;
    return location.toLowerCase();
  });
  return { all, realCount, lower, ascii };
}

/** Whether an allow rule's pattern holds for a call: every real location matches, exactly. */
function allows(pattern: CompiledPathSpecifier, locations: CallLocations): boolean {
  const { all, realCount } = locations;
  if (realCount === 0) return false;
  for (let index = 0; index < realCount; index++) {
    const location = all[index]!;
    if (!startsWithFromEnd(location, pattern.prefix)) return false;
    if (!pattern.prefixDecides && !pattern.exact.test(location)) return false;
  }
  return true;
}

/** Whether a deny or ask rule's pattern holds: any location matches, ignoring case. */
function catches(pattern: CompiledPathSpecifier, locations: CallLocations): boolean {
  const { all, lower } = locations;
  const prefix = pattern.foldedPrefix;
  for (let index = 0; index < all.length; index++) {
    if (prefix !== undefined && !startsWithFromEnd(lower[index]!, prefix)) continue;
    if (prefix !== undefined && pattern.prefixDecides && locations.ascii) return true;
    if (pattern.folded.test(all[index]!)) return true;
  }
  return false;
}

const noSpecifiers: readonly string[] = [];

/**
 * The compiled patterns of one list of specifiers (a rule set's own list, never changed), kept
 * while the context's folders are the same.
 */
const compiledLists = new WeakMap<
  readonly string[],
  { root: string; home: string; patterns: readonly CompiledPathSpecifier[] }
>();

function compiledList(
  specifiers: readonly string[],
  context: SpecifierContext,
): readonly CompiledPathSpecifier[] {
  const entry = compiledLists.get(specifiers);
  if (entry && entry.root === context.workspaceRoot && entry.home === context.homeDir) {
    return entry.patterns;
  }
  const known = compiledIn(context);
  const patterns = specifiers.map((specifier) => compiledFor(specifier, context, known));
  compiledLists.set(specifiers, {
    root: context.workspaceRoot,
    home: context.homeDir,
    patterns,
  });
  return patterns;
}

/**
 * The specifiers of core's file tools (Read, Write, Edit, ListDir, Glob, Grep): gitignore-style
 * paths matched against the call's `path` (the workspace root when absent). Allow rules match the
 * real location (symbolic links followed) as written; deny and ask rules match the real location
 * or the path as written, ignoring case, so that `..`, a link or another case cannot dodge them.
 */
export function filePathSpecifiers(toolName: string): ToolPermissionSpecifiers {
  // The locations worked out for the last call: a decision makes one context and asks each rule
  // kind in turn, so the path is resolved on disk once per decision, not once per kind; a later
  // decision makes a context of its own and resolves again (a path is judged by what it is now).
  let lastContext: SpecifierContext | undefined;
  let lastPath: string | undefined;
  let lastLocations: CallLocations | undefined;
  const callLocations = (
    params: Readonly<Record<string, unknown>>,
    context: SpecifierContext,
  ): CallLocations | undefined => {
    const path = typeof params.path === 'string' && params.path !== '' ? params.path : '.';
    if (context !== lastContext || path !== lastPath) {
      lastLocations = resolveLocations(path, context, toolName);
      lastContext = context;
      lastPath = path;
    }
    return lastLocations;
  };
  return {
    syntax: PATH_SPECIFIER_SYNTAX,
    problem: pathSpecifierProblem,
    match(params, specifiers, kind: PermissionRuleKind, context) {
      const locations = callLocations(params, context);
      if (!locations) return kind === 'allow' ? noSpecifiers : specifiers.slice(0, 1);
      const patterns = compiledList(specifiers, context);
      let matched: string[] | undefined;
      for (let index = 0; index < patterns.length; index++) {
        const pattern = patterns[index]!;
        if (kind === 'allow' ? allows(pattern, locations) : catches(pattern, locations)) {
          matched ??= [];
          matched.push(specifiers[index]!);
        }
      }
      return matched ?? noSpecifiers;
    },
    suggest(params, context) {
      const locations = callLocations(params, context);
      const real = locations?.realCount ? locations.all[0] : undefined;
      if (!real) return [];
      const root = context.workspaceRoot;
      const folder = folderTools.has(toolName) ? real : resolve(real, '..');
      if (folder === root) return ['./**'];
      if (folder.startsWith(`${root}/`)) return [`./${folder.slice(root.length + 1)}/**`];
      if (folder.startsWith(`${context.homeDir}/`))
        return [`~/${folder.slice(context.homeDir.length + 1)}/**`];
      return [`/${folder}/**`];
    },
  };
}
