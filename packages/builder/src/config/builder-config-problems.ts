import { statSync } from 'node:fs';
import { type PermissionRulesConfig, permissionRuleProblems, TinyElfError } from '@tinyelf/core';
import type { BuilderConfig } from './builder-config';
import { builderConfigSchema } from './builder-config-schema';
import { schemaProblems, unknownKey } from './schema-problems';

/** What {@link builderConfigProblems} checks besides the builder's own keys. */
export interface ConfigCheckOptions {
  /**
   * The plugins' sections by `configKey`: their `configSchema`, or `true` for a section known to
   * exist but not checked here. When given, any other top-level key is an unknown key.
   */
  readonly sections?: ReadonlyMap<string, unknown>;
  /** The workspace root the build will use: it must be an existing folder. */
  readonly workspaceRoot?: string;
  /** The agent the build is for: `main`, or one configured under `agents`. */
  readonly agentName?: string;
}

/**
 * Every problem of a configuration, one line each, found before anything starts: the builder's
 * own keys against its schema, each plugin section against its plugin's schema, unknown keys at
 * any level (with a did-you-mean), the workspace root, and the agent's name.
 */
export async function builderConfigProblems(
  config: unknown,
  options: ConfigCheckOptions = {},
): Promise<string[]> {
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    return [`the configuration must be an object; got ${JSON.stringify(config)?.slice(0, 40)}`];
  const own = (await builderConfigSchema()).properties as Record<string, unknown>;
  const problems: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (key in own) problems.push(...schemaProblems(value, own[key], key));
    else if (options.sections?.has(key))
      problems.push(...schemaProblems(value, options.sections.get(key), key));
    else if (options.sections)
      problems.push(unknownKey(key, key, [...Object.keys(own), ...options.sections.keys()]));
  }
  problems.push(...ruleFormProblems(config as BuilderConfig, problems));
  if (options.workspaceRoot !== undefined) {
    const kind = folderKind(options.workspaceRoot);
    if (kind !== 'folder')
      problems.push(
        `workspaceRoot ${JSON.stringify(options.workspaceRoot)} ${kind === 'missing' ? 'does not exist' : 'is not a folder'}; give an existing folder`,
      );
  }
  const agents = (config as { agents?: Record<string, unknown> }).agents ?? {};
  const name = options.agentName;
  if (name !== undefined && name !== 'main' && !Object.hasOwn(agents, name)) {
    const known = ['main', ...Object.keys(agents).filter((agent) => agent !== 'main')];
    problems.push(
      `the agent "${name}" is not configured; the agents are ${known.join(', ')} (add it under "agents" to use it)`,
    );
  }
  return problems;
}

/**
 * The permission rules' form problems (`Bash(`, `Read()`, the same rule in two lists), for the
 * policy's rules and each agent's, when the schema found nothing wrong with them already.
 */
function ruleFormProblems(config: BuilderConfig, found: readonly string[]): string[] {
  const at: [string, PermissionRulesConfig | undefined][] = [
    ['policy.permissions', config.policy?.permissions],
    ...Object.entries(config.agents ?? {}).map(
      ([name, agent]): [string, PermissionRulesConfig | undefined] => [
        `agents.${name}.permissions`,
        agent?.permissions,
      ],
    ),
  ];
  return at.flatMap(([path, rules]) =>
    rules === undefined || found.some((problem) => problem.startsWith(path))
      ? []
      : permissionRuleProblems(rules).map((problem) =>
          problem.startsWith('permissions') ? `${path}${problem.slice(11)}` : `${path}: ${problem}`,
        ),
  );
}

/** Throws the problems as one `INVALID_CONFIG` error, `source` naming the file. */
export function throwConfigProblems(problems: readonly string[], source: string): void {
  if (problems.length === 0) return;
  throw new TinyElfError({
    code: 'INVALID_CONFIG',
    message: `${source} is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
  });
}

function folderKind(path: string): 'folder' | 'file' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}
