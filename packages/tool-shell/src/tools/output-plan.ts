import { DEFAULT_MAX_CHARS, type ToolContext } from '@tinyelf/core';
import type { RunCommandOptions } from '../runner/run-command';
import { defaultScratchFolder } from '../runner/scratch-folder';
import type { ShellToolOptions } from '../shell-tool-options';

/** The default ceiling of a command's saved output: 1 GiB. */
export const DEFAULT_SPILL_MAX_BYTES = 1024 ** 3;

/** Room left in the limit for the cut mark (with the spill path) and the status line. */
const MARK_ROOM = 1000;

/**
 * How a Bash call keeps its output: the bytes shown (the registry's limit, less room for the
 * mark, the status line and the notice; at most `maxOutputBytes`), the spill file the complete
 * output streams into, and the progress callback.
 */
export function outputPlan(
  options: Pick<ShellToolOptions, 'maxOutputBytes' | 'spillMaxBytes' | 'outputScratchDir'>,
  context: ToolContext | undefined,
  noticeLength: number,
): Pick<RunCommandOptions, 'keepBytes' | 'spill' | 'onProgress'> {
  const limit = context?.outputLimit;
  const maxChars = limit?.maxChars ?? DEFAULT_MAX_CHARS;
  const room = Math.min(MARK_ROOM, Math.floor(maxChars / 4)) + noticeLength;
  // A UTF-8 byte decodes to at most one UTF-16 character, so bytes kept bound characters shown.
  const keepBytes = Math.max(2, Math.min(options.maxOutputBytes ?? Infinity, maxChars - room));
  const onProgress = context?.onProgress;
  return {
    keepBytes,
    spill: {
      open: limit?.openSpillFile,
      unavailable: limit
        ? 'saving full outputs is turned off'
        : 'the tool was called without a registry, so there is no spill folder',
      maxBytes: options.spillMaxBytes ?? DEFAULT_SPILL_MAX_BYTES,
      directory: limit?.spillDirectory,
      scratchFolder: options.outputScratchDir ?? defaultScratchFolder(),
    },
    ...(onProgress && { onProgress: (message, progress) => onProgress(message, progress) }),
  };
}
