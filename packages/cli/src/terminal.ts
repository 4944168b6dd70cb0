import { createInterface } from 'node:readline/promises';
import type { RiskWarning } from '@tinyelf/core';

/** Asks the user on the terminal whether a call may run; `always` answers for the rest of the run. */
export async function askOnTerminal(
  toolName: string,
  args: unknown,
  warnings: readonly RiskWarning[],
): Promise<'allow' | 'deny' | 'allow-always'> {
  const reader = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const reasons = warnings.length
      ? `\n  ${warnings.map((warning) => warning.message).join('\n  ')}`
      : '';
    const answer = (
      await reader.question(
        `Allow ${toolName} ${JSON.stringify(args)}?${reasons}\n[y]es / [n]o / [a]lways: `,
      )
    )
      .trim()
      .toLowerCase();
    return answer.startsWith('a') ? 'allow-always' : answer.startsWith('y') ? 'allow' : 'deny';
  } finally {
    reader.close();
  }
}

/** Whether the user can be asked. */
export function canAsk(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}
