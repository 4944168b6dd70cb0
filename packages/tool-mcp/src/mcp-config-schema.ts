import type { JsonSchema } from '@tinyelf/core';

const names = { type: 'array', items: { type: 'string', minLength: 1 } };
const strings = { type: 'object', additionalProperties: { type: 'string' } };
const code = { description: 'Given in code (tinyelf.config.mjs), not JSON.' };

/** One server entry; a transport registered with `registerMcpTransport` may take more options. */
const server: JsonSchema = {
  type: 'object',
  required: ['id', 'transport'],
  properties: {
    id: { type: 'string', minLength: 1 },
    transport: {
      type: 'string',
      minLength: 1,
      description: '"stdio", "http", "sse" or a registered kind.',
    },
    command: { type: 'string', minLength: 1 },
    args: { type: 'array', items: { type: 'string' } },
    env: strings,
    cwd: { type: 'string' },
    url: { type: 'string', minLength: 1 },
    headers: strings,
    enabled: { type: 'boolean' },
    includeTools: names,
    excludeTools: names,
    timeout: { type: 'integer', minimum: 1 },
    source: { enum: ['user', 'project'] },
  },
  additionalProperties: true,
};

/** The schema of the configuration's `mcp` section, which the builder checks before any plugin runs. */
export const MCP_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The MCP servers whose tools are offered as mcp__<server>__<tool>.',
  additionalProperties: false,
  properties: {
    servers: { type: 'array', items: server },
    agents: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          directMcpServers: { type: 'array', items: server },
          builtinMcp: { type: 'boolean' },
        },
      },
    },
    connectTimeoutMs: { type: 'integer', minimum: 1 },
    callTimeoutMs: { type: 'integer', minimum: 1 },
    sampling: {
      type: 'boolean',
      description:
        'Whether servers may use the background model through MCP sampling without asking.',
    },
    providers: code,
    confirmLaunch: code,
    elicit: code,
    allowSampling: code,
    oauth: code,
  },
};
