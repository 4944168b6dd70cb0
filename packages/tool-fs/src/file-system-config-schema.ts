import type { JsonSchema } from '@tinyelf/core';

const names = { type: 'array', items: { type: 'string', minLength: 1 } };
const count = { type: 'integer', minimum: 1 };

/** The schema of the configuration's `fileSystem` section, which the builder checks before any plugin runs. */
export const FILE_SYSTEM_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Options of the file tools (Read, Write, Edit, ListDir, Glob, Grep).',
  additionalProperties: false,
  properties: {
    workspaceRoot: { type: 'string' },
    restrictToWorkspace: { type: 'boolean' },
    allowedPaths: names,
    deniedPaths: names,
    readMaxBytes: count,
    readRefuseBytes: count,
    maxLineLength: count,
    defaultReadLimit: count,
    imageMaxBytes: count,
    imageMaxDimension: count,
    pdfMaxPages: count,
    documentMaxBytes: count,
    editMaxBytes: count,
    listMaxEntries: count,
    globMaxResults: count,
    grepMaxResults: count,
    ripgrep: {
      anyOf: [{ type: 'string', minLength: 1 }, { const: false }],
      description: '"auto" (default), a path to rg, or false for the built-in search.',
    },
    skipDirectories: names,
  },
};
