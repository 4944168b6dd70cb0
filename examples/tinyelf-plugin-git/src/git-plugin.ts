import {
  BuildStep,
  defineJsonSchemaTool,
  type ITool,
  type JsonSchema,
  PLUGIN_API_VERSION,
  type ToolBuildContext,
  type ToolPlugin,
} from '@tinyelf/core';
import { runGit } from './run-git';

/** Options of the git plugin. */
export interface GitPluginOptions {
  /** The repository; default: the build's workspace root. */
  readonly repository?: string;
  /** Commits git_log shows at most. @default 20 */
  readonly maxCommits?: number;
}

/** The git tools for one repository, all read-only. */
export function createGitTools(repository: string, options: GitPluginOptions = {}): ITool[] {
  return [
    defineJsonSchemaTool<Record<string, never>>({
      name: 'git_status',
      description:
        'Shows the git branch and the changed, staged and untracked files of the workspace.',
      parameters: { type: 'object', properties: {} },
      readOnly: true,
      execute: async (_params, context) => {
        const output = await runGit(repository, ['status', '--short', '--branch'], context?.signal);
        return output.trim() || 'No changes.';
      },
    }),
    defineJsonSchemaTool<{ staged?: boolean; path?: string }>({
      name: 'git_diff',
      description: 'Shows the uncommitted changes (or the staged ones), optionally for one path.',
      parameters: {
        type: 'object',
        properties: {
          staged: { type: 'boolean', default: false },
          path: { type: 'string', description: 'Limit the diff to this path.' },
        },
      },
      readOnly: true,
      execute: async ({ staged, path }, context) => {
        const output = await runGit(
          repository,
          ['diff', ...(staged ? ['--cached'] : []), '--', ...(path ? [path] : [])],
          context?.signal,
        );
        return output.trim() || `No ${staged ? 'staged ' : ''}changes.`;
      },
    }),
    defineJsonSchemaTool<{ count?: number }>({
      name: 'git_log',
      description: 'Shows the latest commits: hash, date, author and subject.',
      parameters: {
        type: 'object',
        properties: { count: { type: 'integer', minimum: 1, maximum: 200, default: 10 } },
      },
      readOnly: true,
      execute: async ({ count }, context) => {
        const limit = Math.min(count ?? 10, options.maxCommits ?? 20);
        const output = await runGit(
          repository,
          ['log', `-${limit}`, '--date=short', '--pretty=format:%h %ad %an: %s'],
          context?.signal,
        );
        return output.trim() || 'No commits yet.';
      },
    }),
  ];
}

/** The section of the configuration the plugin reads: `"git": { "maxCommits": 50 }`. */
export const GIT_CONFIG_KEY = 'git';

/**
 * The schema of the `git` section. The builder checks the section against it before any plugin
 * runs, so `"git": { "maxComits": 50 }` is refused with `git.maxComits: unknown key (did you mean
 * "maxCommits"?)` instead of being ignored.
 */
export const GIT_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    repository: { type: 'string', minLength: 1, description: 'Default: the workspace root.' },
    maxCommits: { type: 'integer', minimum: 1, description: 'Default: 20.' },
  },
};

/**
 * The plugin, written only against the public API of @tinyelf/core: it states the plugin API
 * version it implements, its step, the configuration section it reads and that section's schema,
 * and creates its tools for the build's workspace. The section overrides the factory's options.
 */
export function createPlugin(options: GitPluginOptions = {}): ToolPlugin {
  return {
    name: 'tinyelf-plugin-git',
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.Shell,
    configKey: GIT_CONFIG_KEY,
    configSchema: GIT_CONFIG_SCHEMA,
    createTools: (context: ToolBuildContext) => {
      const section = (context.config[GIT_CONFIG_KEY] ?? {}) as GitPluginOptions;
      const merged = { ...options, ...section };
      return createGitTools(merged.repository ?? context.workspaceRoot, merged);
    },
  };
}
