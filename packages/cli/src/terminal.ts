import { createInterface } from 'node:readline/promises';
import type { ConfirmationRequest } from '@tinyelf/core';

/** What the user answered: run it, do not, or run it and save the shown rules. */
export type TerminalAnswer = 'allow' | 'deny' | 'allow-always';

/**
 * Asks the user on the terminal whether a call may run, showing why it asks (the rule, the risk
 * warnings). When `alwaysRules` is not empty, `[a]lways` is offered and names the rules it would
 * save and where, so the user sees them before they are saved.
 */
export async function askOnTerminal(
  request: ConfirmationRequest,
  alwaysRules: readonly string[] = [],
  settingsFile?: string,
): Promise<TerminalAnswer> {
  const reader = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const reasons = request.warnings.length
      ? request.warnings.map((warning) => warning.message)
      : [request.reason];
    const always = alwaysRules.length
      ? `\n[a]lways: saves the allow rule${alwaysRules.length === 1 ? '' : 's'} ${alwaysRules.map((rule) => `"${rule}"`).join(', ')} to ${settingsFile}`
      : '';
    const choices = alwaysRules.length ? '[y]es / [n]o / [a]lways' : '[y]es / [n]o';
    const answer = (
      await reader.question(
        `Allow ${request.toolName} ${JSON.stringify(request.params)}?\n  ${reasons.join('\n  ')}${always}\n${choices}: `,
      )
    )
      .trim()
      .toLowerCase();
    if (answer.startsWith('a') && alwaysRules.length) return 'allow-always';
    return answer.startsWith('y') ? 'allow' : 'deny';
  } finally {
    reader.close();
  }
}

/** Whether the user can be asked. */
export function canAsk(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}
