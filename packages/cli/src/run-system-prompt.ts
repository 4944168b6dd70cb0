import { readFileSync } from 'node:fs';
import type { PermissionMode } from '@tinyelf/core';

/** What the default system prompt of `tinyelf run` tells the model. */
export interface RunPromptFacts {
  /** The workspace the tools work in. */
  readonly workspaceRoot: string;
  /** The permission mode of the run. */
  readonly mode: PermissionMode;
  /** Whether calls that need confirmation are approved without asking (`--yes`). */
  readonly approveAll: boolean;
  /** The names of the tools offered. */
  readonly tools: readonly string[];
}

const modeWords: Record<PermissionMode, string> = {
  default: 'calls other than reading and searching ask the user first',
  acceptEdits: 'file edits run without asking; other calls that change things ask the user first',
  plan: 'only read-only tools are offered: look and plan, do not try to change anything',
  bypassPermissions: 'calls run without asking (deny rules and blocked commands still refuse)',
};

/**
 * The default system prompt of `tinyelf run`: the workspace, the permission mode and how the
 * tools behave (refusals, confirmation, errors, long output). `--system-prompt-file` replaces it.
 */
export function defaultRunSystemPrompt(facts: RunPromptFacts): string {
  return [
    'You are TinyElf, an agent working in a software workspace through tools.',
    `The workspace is ${facts.workspaceRoot}; relative paths and commands start there.`,
    `Permission mode: ${facts.mode} (${modeWords[facts.mode]}).${facts.approveAll ? ' The user approved every call in advance (--yes).' : ''}`,
    `Tools: ${facts.tools.join(', ') || '(none)'}.`,
    'How the tools behave:',
    '- A call may be refused by a permission rule, by the user, or because it is dangerous; the result says why. Do not retry a refused call in another form to get around the refusal: choose another approach or explain what you need.',
    '- An error result ends with a hint; read the error and correct the arguments.',
    '- Long output is cut; the result says where the full text was saved, and you can read parts of it.',
    'Finish with a short answer for the user that says what you did and what is left.',
  ].join('\n');
}

/** The system prompt from `--system-prompt-file`, or a clear error naming the file. */
export function systemPromptFromFile(file: string): string {
  try {
    const text = readFileSync(file, 'utf8');
    if (text.trim() === '') throw new Error('it is empty');
    return text;
  } catch (error) {
    throw new Error(
      `--system-prompt-file ${JSON.stringify(file)} cannot be used: ${(error as Error).message}.`,
    );
  }
}
