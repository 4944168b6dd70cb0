import { markCut, type RichToolOutput } from '@tinyelf/core';
import type { EndedOutput } from '../runner/command-output';
import type { RunCommandResult } from '../runner/run-command';

/** What surrounds a command's output in Bash's result. */
export interface BashResultParts {
  /** A notice before the output (the first call without a sandbox says so). */
  readonly notice: string;
  /** The files moved to quarantine after a sandboxed call, if any. */
  readonly moved?: string;
}

/**
 * The text of a command's output for its result: the notice, the output (all of it, or the head
 * and tail with core's mark saying what was cut, in bytes and lines, and where the complete output
 * is) and the quarantine line. Without the status line, which `bashResult` puts last.
 */
export function outputText(output: EndedOutput, parts: BashResultParts): string {
  const body = output.cut
    ? markCut(
        { ...output.report, tail: output.report.tail.replace(/\n$/, '') },
        'head-and-tail',
        output.saved,
      )
    : output.text.length
      ? output.text.replace(/\n$/, '')
      : '(no output)';
  return `${parts.notice}${body}${parts.moved ? `\n${parts.moved}` : ''}`;
}

/** The line that always ends Bash's result: the exit code, or the signal that killed the command. */
export function statusLine(result: RunCommandResult): string {
  return result.exitCode !== null
    ? `Exit code ${result.exitCode}.`
    : `Killed by signal ${result.signal}.`;
}

/**
 * Bash's result: the output text and, after the cut, the status line. A cut output is returned as
 * a {@link RichToolOutput} marked `truncated` (with the spill file as `fullOutputPath` when it was
 * saved), so the registry does not cut it again: the limit is applied once.
 */
export function bashResult(result: RunCommandResult, text: string): string | RichToolOutput {
  const content = `${text}\n\n${statusLine(result)}`;
  if (!result.output.cut) return content;
  const path = result.output.saved.path;
  return {
    parts: [{ type: 'text', text: content }],
    truncated: true,
    ...(path && { fullOutputPath: path }),
  };
}
