import type { JsonSchema } from '@tinyelf/core';

const hosts = { type: 'array', items: { type: 'string', minLength: 1 } };
const count = { type: 'integer', minimum: 1 };
/** Options only a JavaScript configuration (`tinyelf.config.mjs`) can give: functions, objects. */
const code = { description: 'Given in code (tinyelf.config.mjs), not JSON.' };

/** The schema of the configuration's `webFetch` section, which the builder checks before any plugin runs. */
export const WEB_FETCH_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Options of WebFetch.',
  additionalProperties: false,
  properties: {
    allowPrivateNetwork: { type: 'boolean' },
    allowedHosts: hosts,
    timeoutMs: count,
    maxBytes: count,
    maxRedirects: { type: 'integer', minimum: 0 },
    dom: { enum: ['linkedom', 'jsdom'] },
    maxHtmlChars: count,
    summarizeOverChars: { type: 'integer', minimum: 0 },
    cacheTtlMs: { type: 'integer', minimum: 0 },
    cacheMaxEntries: { type: 'integer', minimum: 0 },
    userAgent: { type: 'string', minLength: 1 },
    lookup: code,
    connect: code,
    backgroundModel: code,
  },
};

/** The schema of the configuration's `webSearch` section, which the builder checks before any plugin runs. */
export const WEB_SEARCH_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Options of WebSearch: the provider’s native search, or search services.',
  additionalProperties: false,
  properties: {
    provider: { type: 'string' },
    nativeSearch: { type: 'boolean' },
    nativeMaxUses: count,
    services: {
      type: 'array',
      items: {
        anyOf: [
          {
            type: 'object',
            required: ['kind', 'apiKey'],
            additionalProperties: false,
            properties: {
              kind: { const: 'tavily' },
              apiKey: { type: 'string', minLength: 1 },
              baseUrl: { type: 'string' },
            },
          },
          {
            type: 'object',
            required: ['kind'],
            additionalProperties: false,
            properties: {
              kind: { const: 'jina' },
              apiKey: { type: 'string' },
              baseUrl: { type: 'string' },
            },
          },
          {
            type: 'object',
            required: ['kind', 'baseUrl'],
            additionalProperties: false,
            properties: { kind: { const: 'searxng' }, baseUrl: { type: 'string', minLength: 1 } },
          },
        ],
      },
    },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    timeoutMs: count,
    fetch: code,
  },
};
