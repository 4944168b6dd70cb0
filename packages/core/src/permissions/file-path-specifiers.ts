import { isAbsolute, resolve } from 'node:path';
import { realLocation } from '../workspace/real-location';
import {
  type CompiledPathSpecifier,
  compilePathSpecifier,
  PATH_SPECIFIER_SYNTAX,
  pathSpecifierProblem,
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

/** Where a call's `path` points: as written (resolved) and real (links followed). */
interface CallLocations {
  readonly lexical: string[];
  readonly real: string[];
}

/**
 * The locations worked out during one decision: a decision makes one context and asks each rule
 * kind in turn, so the path is resolved on disk once per decision, not once per kind (and never
 * reused by a later decision, which makes a context of its own).
 */
const decisionLocations = new WeakMap<SpecifierContext, Map<string, CallLocations | undefined>>();

/** The locations a call's `path` stands for, once per decision (see {@link decisionLocations}). */
function callLocations(
  params: Readonly<Record<string, unknown>>,
  context: SpecifierContext,
  toolName: string,
): CallLocations | undefined {
  const path = typeof params.path === 'string' && params.path !== '' ? params.path : '.';
  let known = decisionLocations.get(context);
  if (!known) {
    known = new Map();
    decisionLocations.set(context, known);
  }
  const key = `${toolName}\0${path}`;
  if (known.has(key)) return known.get(key);
  const locations = resolveLocations(path, context, toolName);
  known.set(key, locations);
  return locations;
}

/** Resolves a call's path: as written, and on disk with links followed. */
function resolveLocations(
  path: string,
  context: SpecifierContext,
  toolName: string,
): CallLocations | undefined {
  if (path.includes('\0')) return undefined;
  const lexical = isAbsolute(path) ? resolve(path) : resolve(context.workspaceRoot, path);
  let real: string | undefined;
  try {
    real = realLocation(lexical);
  } catch {
    real = undefined;
  }
  const withProbe = (location: string) =>
    folderTools.has(toolName) ? [location, `${location === '/' ? '' : location}/_`] : [location];
  return { lexical: withProbe(lexical), real: real === undefined ? [] : withProbe(real) };
}

/**
 * The specifiers of core's file tools (Read, Write, Edit, ListDir, Glob, Grep): gitignore-style
 * paths matched against the call's `path` (the workspace root when absent). Allow rules match the
 * real location (symbolic links followed) as written; deny and ask rules match the real location
 * or the path as written, ignoring case, so that `..`, a link or another case cannot dodge them.
 */
export function filePathSpecifiers(toolName: string): ToolPermissionSpecifiers {
  return {
    syntax: PATH_SPECIFIER_SYNTAX,
    problem: pathSpecifierProblem,
    match(params, specifiers, kind: PermissionRuleKind, context) {
      const locations = callLocations(params, context, toolName);
      if (!locations) return kind === 'allow' ? [] : specifiers.slice(0, 1);
      const known = compiledIn(context);
      return specifiers.filter((specifier) => {
        const pattern = compiledFor(specifier, context, known);
        if (kind === 'allow') {
          return (
            locations.real.length > 0 && locations.real.every((path) => pattern.exact.test(path))
          );
        }
        return [...locations.real, ...locations.lexical].some((path) => pattern.folded.test(path));
      });
    },
    suggest(params, context) {
      const locations = callLocations(params, context, toolName);
      const real = locations?.real[0];
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
