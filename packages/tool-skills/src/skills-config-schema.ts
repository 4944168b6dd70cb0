import type { JsonSchema } from '@tinyelf/core';

const folders = { type: 'array', items: { type: 'string', minLength: 1 } };
const code = { description: 'Given in code (tinyelf.config.mjs), not JSON.' };

/**
 * The schema of the configuration's `skills` section (read by the skills, SkillHub and slash
 * command plugins), which the builder checks before any plugin runs.
 */
export const SKILLS_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Options of the skills, SkillHub and slash command tools.',
  additionalProperties: false,
  properties: {
    homeDir: { type: 'string' },
    extraFolders: folders,
    packageFolders: folders,
    registryUrl: {
      type: 'string',
      minLength: 1,
      description: 'The SkillHub registry; without it no SkillHub tools.',
    },
    installTo: { enum: ['user', 'workspace'] },
    maxArchiveBytes: { type: 'integer', minimum: 1 },
    allowPrivateNetwork: { type: 'boolean' },
    allowedHosts: folders,
    lookup: code,
    connect: code,
  },
};
