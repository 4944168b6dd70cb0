import { type JsonSchema, PERMISSION_MODES } from '@tinyelf/core';
import { sessionStoreSettingsSchema } from './sessions/session-store-config';

const storeSettings = sessionStoreSettingsSchema.properties as Record<string, JsonSchema>;

const code = { description: 'Given in code (tinyelf.config.mjs), not JSON.' };

/** The schema of the configuration's `sessions` section, which the builder checks before any plugin runs. */
export const SESSIONS_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'Sub-agents and sessions: the agent definitions spawn_agent may use, and where sessions are kept.',
  additionalProperties: false,
  properties: {
    agents: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          tools: { type: 'array', items: { type: 'string', minLength: 1 } },
          systemPrompt: { type: 'string' },
          model: { type: 'string', minLength: 1 },
          maxIterations: { type: 'integer', minimum: 1 },
          permissionMode: { enum: [...PERMISSION_MODES] },
        },
      },
    },
    maxDepth: { type: 'integer', minimum: 0 },
    runner: code,
    store: {
      description: `${storeSettings.store!.description} In code, a SessionStore object.`,
      anyOf: [{ enum: ['jsonl', 'postgres'] }, { type: 'object' }],
    },
    url: storeSettings.url!,
    sessionRegistry: code,
  },
};
