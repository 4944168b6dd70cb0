import type { ToolProgress } from '@tinyelf/core';
import { PROGRESS_COUNTED_META } from '@tinyelf/tool-remote';

/** The params of one MCP `notifications/progress` (without the progress token). */
export interface ProgressParams {
  /** How far the call has come; increases with every notification, as MCP requires. */
  readonly progress: number;
  /** The total, when the tool knows it. */
  readonly total?: number;
  /** The tool's line of text. */
  readonly message: string;
  /** Marks a `progress` that counts reports rather than the tool's work. */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/**
 * Turns a tool's `onProgress` reports into MCP progress notifications: the tool's own `progress`
 * and `total` when it counts its work (bytes, steps), a report counter (marked with
 * `_meta['tinyelf/progressCounted']`) while it reports text only. MCP requires `progress` to
 * increase with every notification: a report whose value would not (a tool counting backwards, or
 * a text-only report after counted ones) is left out (`send` is not called).
 */
export function progressNotifier(
  send: (params: ProgressParams) => void,
): (message: string, progress?: ToolProgress) => void {
  let last: number | undefined;
  let counted = false;
  return (message, progress) => {
    if (progress && Number.isFinite(progress.progress)) {
      if (last !== undefined && progress.progress <= last) return;
      counted = true;
      last = progress.progress;
      const { total } = progress;
      send({
        progress: last,
        message,
        ...(total !== undefined && Number.isFinite(total) && { total }),
      });
      return;
    }
    if (counted) return;
    last = (last ?? 0) + 1;
    send({ progress: last, message, _meta: { [PROGRESS_COUNTED_META]: true } });
  };
}
