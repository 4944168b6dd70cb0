import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  type PermissionRuleKind,
  type PermissionRulesConfig,
  permissionRuleProblems,
} from '@tinyelf/core';

/** Where a workspace keeps the rules its user saved ("always allow"), relative to its root. */
export const WORKSPACE_SETTINGS_FILE = '.tinyelf/settings.json';

/** The workspace settings file: the permission rules saved from the CLI's prompt, and any others. */
export interface WorkspaceSettings {
  /** Permission rules, merged after the configuration's (`policy.permissions`). */
  readonly permissions?: PermissionRulesConfig;
}

/** What {@link loadWorkspaceSettings} found. */
export interface LoadedWorkspaceSettings {
  /** The settings file's path (it may not exist). */
  readonly file: string;
  /** Its settings; empty when the file does not exist. */
  readonly settings: WorkspaceSettings;
  /** What is wrong with the file, one sentence each (it is then not used). */
  readonly problems: readonly string[];
}

/** The settings file of a workspace. */
export function workspaceSettingsFile(workspaceRoot: string): string {
  return join(workspaceRoot, WORKSPACE_SETTINGS_FILE);
}

/**
 * Reads `<workspaceRoot>/.tinyelf/settings.json`. A missing file is no settings; a file that is not
 * JSON, not an object, has unknown keys or malformed rules gives problems naming the file.
 */
export function loadWorkspaceSettings(workspaceRoot: string): LoadedWorkspaceSettings {
  const file = workspaceSettingsFile(workspaceRoot);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { file, settings: {}, problems: [] };
    return {
      file,
      settings: {},
      problems: [`${file} cannot be read: ${(error as Error).message}`],
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { file, settings: {}, problems: [`${file} is not JSON: ${(error as Error).message}`] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return {
      file,
      settings: {},
      problems: [`${file} must hold a JSON object { "permissions": {...} }`],
    };
  const unknown = Object.keys(parsed).filter((key) => key !== 'permissions' && key !== '$schema');
  const problems = [
    ...(unknown.length
      ? [`${file} has unknown key(s) ${unknown.join(', ')}; it takes "permissions"`]
      : []),
    ...permissionRuleProblems((parsed as WorkspaceSettings).permissions).map(
      (problem) => `${file}: ${problem}`,
    ),
  ];
  return { file, settings: problems.length ? {} : (parsed as WorkspaceSettings), problems };
}

/**
 * Adds a rule to a list of the workspace settings file (created when missing; the other settings
 * are kept; a rule already there is not added twice). Writes a new file and renames it over the
 * old one, so a reader never sees half a file. Throws when the file is malformed or the rule is.
 * Returns the file's path.
 */
export function saveWorkspaceRule(
  workspaceRoot: string,
  kind: PermissionRuleKind,
  rule: string,
): string {
  const { file, settings, problems } = loadWorkspaceSettings(workspaceRoot);
  if (problems.length) throw new Error(`The rule was not saved: ${problems.join('; ')}.`);
  const ruleProblems = permissionRuleProblems({ [kind]: [rule] });
  if (ruleProblems.length) throw new Error(`The rule was not saved: ${ruleProblems.join(' ')}`);
  const permissions = settings.permissions ?? {};
  const list = permissions[kind] ?? [];
  const next: WorkspaceSettings = {
    ...settings,
    permissions: { ...permissions, [kind]: list.includes(rule) ? list : [...list, rule] },
  };
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(temporary, file);
  return file;
}

/** Two sets of rules as one: each list is the first's rules, then the second's. */
export function mergePermissionRules(
  first: PermissionRulesConfig | undefined,
  second: PermissionRulesConfig | undefined,
): PermissionRulesConfig | undefined {
  if (!second) return first;
  if (!first) return second;
  const merged = (kind: PermissionRuleKind) => {
    const list = [...(first[kind] ?? []), ...(second[kind] ?? [])];
    return list.length ? { [kind]: [...new Set(list)] } : {};
  };
  return { ...merged('allow'), ...merged('ask'), ...merged('deny') };
}
