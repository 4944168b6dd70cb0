import { ERROR_RETRY_HINT } from '@tinyelf/core';
import {
  type ComposeOptions,
  composeRegistry,
  diagnosticLines,
  parseMode,
} from '../compose-registry';
import { parseCallArguments } from '../parse-call-arguments';
import { ProgressLine } from '../progress-line';
import { askOnTerminal, canAsk } from '../terminal';

/**
 * `tinyelf call TOOL [JSON | key=value ...] [--yes]`: one call through the registry and the
 * policy. A call that needs confirmation is asked on the terminal, answered by `--yes`, or refused
 * when there is no terminal. While the call runs, a terminal's stderr shows a live status line
 * (after a second: the time so far and the tool's latest progress). Prints the result; exits 1 on
 * an error result.
 */
export async function callCommand(
  toolName: string,
  words: readonly string[],
  options: ComposeOptions & { yes?: boolean },
): Promise<number> {
  const args = parseCallArguments(words);
  const built = await composeRegistry(options);
  try {
    const warnings = await built.registry.assessRisk(toolName, args);
    if (
      built.registry.has(toolName) &&
      built.policy.requiresConfirmation(toolName, parseMode(options.mode) ?? 'default', warnings) &&
      !options.yes
    ) {
      if (!canAsk()) {
        process.stderr.write(
          `${toolName} needs confirmation${warnings.length ? ` (${warnings.map((warning) => warning.message).join(' ')})` : ''}; run it with --yes, or from a terminal.\n`,
        );
        return 2;
      }
      if ((await askOnTerminal(toolName, args, warnings)) === 'deny') {
        process.stderr.write('Not run.\n');
        return 2;
      }
    }
    // A live status line on stderr for a call still running after a second (terminals only).
    const status = new ProgressLine(process.stderr, toolName);
    const result = await built.registry
      .execute('cli', toolName, args, {
        context: { onProgress: (message) => status.update(message) },
      })
      .finally(() => status.stop());
    // The registry's closing hint is written for models; a person reads the error itself.
    const content = result.isError
      ? result.content
          .replace(`\n\n${ERROR_RETRY_HINT}`, '')
          .replace(ERROR_RETRY_HINT, '')
          .trimEnd()
      : result.content;
    (result.isError ? process.stderr : process.stdout).write(`${content}\n`);
    // A tool that is not there may be missing because its plugin or server failed: say why.
    if (result.errorCode === 'TOOL_NOT_FOUND' && !options.verbose)
      for (const line of diagnosticLines(built)) process.stderr.write(`${line}\n`);
    return result.isError ? 1 : 0;
  } finally {
    await built.dispose();
  }
}
