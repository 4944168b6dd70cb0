import { type ConfirmCall, ERROR_RETRY_HINT } from '@tinyelf/core';
import { cliConfirmation, unansweredMessage } from '../cli-confirm';
import {
  type ComposeOptions,
  composeRegistry,
  diagnosticLines,
  parseMode,
} from '../compose-registry';
import { parseCallArguments } from '../parse-call-arguments';
import { ProgressLine } from '../progress-line';

/**
 * `tinyelf call TOOL [JSON | key=value ...] [--yes]`: one call through `registry.execute`, which
 * decides it (rules, mode, risk warnings) and asks through the CLI's confirmation: on the
 * terminal, yes with `--yes`, and with neither the call is not run and the command exits 2. A
 * deny rule or a blocked command is refused whatever the answer. While the call runs, a
 * terminal's stderr shows a live status line (after a second: the time so far and the tool's
 * latest progress). Prints the result; exits 1 on an error result.
 */
export async function callCommand(
  toolName: string,
  words: readonly string[],
  options: ComposeOptions & { yes?: boolean },
): Promise<number> {
  const args = parseCallArguments(words);
  const built = await composeRegistry(options);
  try {
    const confirmation = cliConfirmation(built, { yes: options.yes });
    // A live status line on stderr for a call still running after a second (terminals only); it
    // is put away while the user is asked, and starts again once they answered.
    let status = new ProgressLine(process.stderr, toolName);
    const confirm: ConfirmCall = async (request) => {
      status.stop();
      try {
        return await confirmation.confirm(request);
      } finally {
        status = new ProgressLine(process.stderr, toolName);
      }
    };
    const result = await built.registry
      .execute('cli', toolName, args, {
        mode: parseMode(options.mode),
        confirm,
        context: { onProgress: (message) => status.update(message) },
      })
      .finally(() => status.stop());
    const unanswered = confirmation.unanswered();
    if (unanswered) {
      process.stderr.write(`${unansweredMessage(unanswered)}\n`);
      return 2;
    }
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
    if (result.errorCode === 'PERMISSION_DENIED') return 2;
    return result.isError ? 1 : 0;
  } finally {
    await built.dispose();
  }
}
