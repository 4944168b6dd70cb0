import type { JsonSchema } from '@tinyelf/core';
import { SANDBOX_MODES } from './sandbox/sandbox-mode';

const names = { type: 'array', items: { type: 'string', minLength: 1 } };

/** The schema of the configuration's `shell` section, which the builder checks before any plugin runs. */
export const SHELL_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Options of the shell plugin (Bash).',
  additionalProperties: false,
  properties: {
    workspaceRoot: { type: 'string', description: 'Where commands run. Default: the workspace.' },
    execTimeout: {
      type: 'integer',
      minimum: 1,
      description: 'Milliseconds before a command is killed. Default: 120000.',
    },
    maxOutputBytes: {
      type: 'integer',
      minimum: 1,
      description:
        "At most this many bytes of a command's output are shown (head and tail). Default: the registry's output limit.",
    },
    spillMaxBytes: {
      type: 'integer',
      minimum: 0,
      description:
        "The most bytes of a cut command's complete output saved to the spill folder. Default: 1073741824 (1 GiB).",
    },
    outputScratchDir: {
      type: 'string',
      minLength: 1,
      description:
        "Where a command's output file is made while it runs (outside the workspace, on the spill folder's file system). Default: <tmpdir>/tinyelf-bash-<uid>.",
    },
    sandbox: {
      enum: [...SANDBOX_MODES],
      description:
        'Where Bash runs commands: "auto" (default) in bubblewrap where it can start, else directly with a notice; "bubblewrap" never without it; "none" directly.',
    },
    bubblewrapPath: { type: 'string', minLength: 1 },
    allowNetwork: { type: 'boolean' },
    readOnlyPaths: names,
    hiddenPaths: names,
    homeDir: { type: 'string' },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    killGraceMs: { type: 'integer', minimum: 0 },
    quarantineDir: { type: 'string', minLength: 1 },
  },
};
